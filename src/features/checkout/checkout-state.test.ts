import { describe, expect, it } from 'vitest';
import { busyLabelOf, checkoutReducer, initialCheckoutState, type CheckoutState } from './checkout-state';

const processing: CheckoutState = { status: 'processing', method: 'razorpay' };

describe('checkoutReducer', () => {
  it('starts processing with the chosen method and labels the button', () => {
    const state = checkoutReducer(initialCheckoutState, { type: 'start', method: 'phonepe' });
    expect(state).toEqual({ status: 'processing', method: 'phonepe' });
    expect(busyLabelOf(state)).toBe('Processing PhonePe Payment...');
    expect(busyLabelOf(processing)).toBe('Processing Razorpay Payment...');
  });

  it('ignores a second start while a payment is in progress', () => {
    expect(checkoutReducer(processing, { type: 'start', method: 'phonepe' })).toBe(processing);
  });

  it('verifies after the provider answers, still busy, and cannot be started twice', () => {
    const verifying = checkoutReducer(processing, { type: 'verify', method: 'razorpay' });
    expect(verifying).toEqual({ status: 'verifying', method: 'razorpay' });
    expect(busyLabelOf(verifying)).toBe('Processing Razorpay Payment...');
    expect(checkoutReducer(verifying, { type: 'start', method: 'razorpay' })).toBe(verifying);
  });

  it('places the order and leaves the button to the cart', () => {
    const state = checkoutReducer(processing, { type: 'placed', message: 'Payment received & order placed!' });
    expect(state).toEqual({ status: 'placed', message: 'Payment received & order placed!' });
    expect(busyLabelOf(state)).toBeNull();
  });

  it('fails with the reason, then hides the panel back to idle', () => {
    const failed = checkoutReducer(processing, { type: 'failed', reason: 'Payment was cancelled' });
    expect(failed).toEqual({ status: 'failed', reason: 'Payment was cancelled' });
    expect(checkoutReducer(failed, { type: 'failure-hidden' })).toEqual(initialCheckoutState);
  });

  it('allows a retry from a failure', () => {
    const failed = checkoutReducer(processing, { type: 'failed', reason: 'Payment failed' });
    expect(checkoutReducer(failed, { type: 'start', method: 'razorpay' })).toEqual(processing);
  });

  it('keeps a placed order when a late failure or hide arrives', () => {
    const placed: CheckoutState = { status: 'placed', message: 'Payment verified successfully! Order placed.' };
    expect(checkoutReducer(placed, { type: 'failed', reason: 'Payment failed' })).toBe(placed);
    expect(checkoutReducer(placed, { type: 'failure-hidden' })).toBe(placed);
  });

  it('shows a pending PhonePe payment, which can be checked again and settle', () => {
    const pending = checkoutReducer(processing, { type: 'pending', message: 'Payment is still pending. Please wait...' });
    expect(pending.status).toBe('pending');
    const checking = checkoutReducer(pending, { type: 'verify', method: 'phonepe' });
    expect(checkoutReducer(checking, { type: 'placed', message: 'done' })).toEqual({ status: 'placed', message: 'done' });
  });
});
