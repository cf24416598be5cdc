import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// This build's public config: a store that has not onboarded PhonePe.
vi.mock('astro:env/client', () => ({ PUBLIC_PAYMENT_METHODS: 'razorpay,cod' }));

const { CheckoutSlot } = await import('./CheckoutSlot');

describe('payment methods at checkout', () => {
  it('lists only the methods the build offers: no PhonePe choice at all when PhonePe is not configured', () => {
    const html = renderToStaticMarkup(<CheckoutSlot readiness="ready" prescriptionPending={false} onUploadPrescription={() => {}} onProceed={() => {}} />);
    expect(html).toContain('value="razorpay"');
    expect(html).toContain('value="cod"');
    expect(html).not.toContain('PhonePe');
    expect(html).toMatch(/<input(?=[^>]*value="razorpay")(?=[^>]*checked)[^>]*>/);
  });
});
