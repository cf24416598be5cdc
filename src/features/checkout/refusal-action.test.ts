import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../cart/cart-store';
import { refusalActionOf } from './refusal-action';

function line(id: number, name: string): CartLine {
  return {
    product: { id, name, slug: 's', mrp_paise: 1000, thumbnail_image: DEFAULT_PRODUCT_IMAGE, category: 'allopathy', requires_prescription: false, sale_state: 'ADD TO CART' },
    quantity: 1,
    prescriptionAccepted: true,
    prescriptionFileUrl: null,
  };
}
const lines = [line(14, 'Cetirizine 10mg Tablet'), line(9, 'Ondansetron 4mg Tablet')];
const prefix = 'Failed to create order:';

describe('what the customer can do about a refusal', () => {
  it('a sold-out, discontinued or unknown product: remove that line', () => {
    expect(refusalActionOf(409, `${prefix} 409 Ondansetron 4mg Tablet is sold out. Please remove it from your cart.`, lines)).toEqual({
      kind: 'remove-line',
      productId: 9,
      productName: 'Ondansetron 4mg Tablet',
    });
    expect(refusalActionOf(409, `${prefix} 409 Cetirizine 10mg Tablet is discontinued. Please remove it from your cart.`, lines)).toMatchObject({ productId: 14 });
    expect(refusalActionOf(422, `${prefix} 422 Product 9 is not in our catalogue. Please remove it from your cart.`, lines)).toMatchObject({ productId: 9 });
  });

  it('a changed total: refresh it', () => {
    const message = `${prefix} 409 Your cart total has changed: the current total is ₹63.00. Please review your cart and try again.`;
    expect(refusalActionOf(409, message, lines)).toEqual({ kind: 'refresh-total' });
  });

  it('a missing or unusable prescription: upload one', () => {
    for (const sentence of [
      'Prescription file guest-1/a.png is not in your prescriptions folder.',
      'Prescription file u/a.png was not found.',
      'Metformin 500mg Tablet needs a prescription.',
    ]) {
      expect(refusalActionOf(422, `${prefix} 422 ${sentence} Please upload a prescription before proceeding with your order.`, lines)).toEqual({
        kind: 'upload-prescription',
      });
    }
  });

  it('anything else is left to Retry Payment', () => {
    expect(refusalActionOf(502, `${prefix} 502 Razorpay could not be reached. Please try again.`, lines)).toBeNull();
    expect(refusalActionOf(409, `${prefix} 409 Someone Else is sold out. Please remove it from your cart.`, lines)).toBeNull();
    expect(refusalActionOf(null, 'Razorpay SDK failed to load.', lines)).toBeNull();
  });
});
