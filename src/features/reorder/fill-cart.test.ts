import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../../domain/product';
import type { ReorderPlan } from '../../domain/reorder';
import { fillCart, type ReorderCart } from './fill-cart';

const product = (id: number, name: string, overrides: Partial<CartProduct> = {}): CartProduct => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  mrp_paise: 4000,
  current_price_paise: 3600,
  thumbnail_image: '/images/x.webp',
  category: 'Diabetes',
  requires_prescription: true,
  sale_state: 'ADD TO CART',
  ...overrides,
});

/** A cart in memory, recording what the reorder did to it. */
function memoryCart(today: Map<number, CartProduct | 'gone'>, start: Record<number, number> = {}) {
  const lines = new Map<number, { product: CartProduct | null; quantity: number; prescription: string | null }>(
    Object.entries(start).map(([id, quantity]) => [Number(id), { product: null, quantity, prescription: null }]),
  );
  const cart: ReorderCart = {
    lookUp: async (id) => {
      const entry = today.get(id);
      return entry === undefined ? { status: 'unknown' } : entry === 'gone' ? { status: 'gone' } : { status: 'found', product: entry };
    },
    quantityOf: (id) => lines.get(id)?.quantity ?? 0,
    add: (added) => lines.set(added.id, { product: added, quantity: 1, prescription: null }),
    setQuantity: (id, quantity) => lines.set(id, { ...lines.get(id)!, quantity }),
    setPrescription: (id, _accepted, fileUrl) => lines.set(id, { ...lines.get(id)!, prescription: fileUrl }),
  };
  return { cart, lines };
}

const plan = (lines: ReorderPlan['lines'], notSold: ReorderPlan['notSold'] = []): ReorderPlan => ({ orderNumber: 'MK-2611-000001', lines, notSold });

describe('filling the cart from a reorder', () => {
  it('adds each line at today\'s catalogue entry, growing a line already in the cart', async () => {
    const metformin = product(1, 'Metformin 500mg Tablet', { current_price_paise: 2900 });
    const { cart, lines } = memoryCart(new Map([[1, metformin]]), { 1: 1 });
    const outcome = await fillCart(plan([{ productId: 1, name: 'Metformin 500mg Tablet', quantity: 2, prescriptionPaths: ['u/rx.png'], prescriptionAgain: false }]), cart);
    expect(lines.get(1)).toMatchObject({ quantity: 3, prescription: 'u/rx.png' });
    expect(outcome.sentences).toEqual(['1 medicine is in your cart at today\'s price.', 'Metformin 500mg Tablet: your earlier prescription is still valid and is attached.']);
  });

  it('a product that stopped selling since the plan, or cannot be checked, stays out with a sentence', async () => {
    const { cart, lines } = memoryCart(new Map<number, CartProduct | 'gone'>([[1, product(1, 'Metformin 500mg Tablet', { sale_state: 'SOLD OUT' })], [2, 'gone']]));
    const outcome = await fillCart(
      plan(
        [
          { productId: 1, name: 'Metformin 500mg Tablet', quantity: 1, prescriptionPaths: null, prescriptionAgain: true },
          { productId: 2, name: 'Amlodipine 5mg Tablet', quantity: 1, prescriptionPaths: null, prescriptionAgain: true },
          { productId: 3, name: 'Pantoprazole 40mg Tablet', quantity: 1, prescriptionPaths: null, prescriptionAgain: true },
        ],
        [{ name: 'Glimepiride 1mg Tablet', reason: 'discontinued', substitute: null }],
      ),
      cart,
    );
    expect(lines.size).toBe(0);
    expect(outcome.sentences).toEqual([
      'None of the medicines of this order is sold today, so your cart is unchanged.',
      'Glimepiride 1mg Tablet is no longer sold, so it was not added.',
      'Metformin 500mg Tablet is out of stock today, so it was not added.',
      'Amlodipine 5mg Tablet is no longer sold, so it was not added.',
      'Pantoprazole 40mg Tablet could not be checked just now, so it was not added. Please try again.',
    ]);
  });

  it('a prescription line without a valid earlier prescription goes in and says it needs one', async () => {
    const { cart, lines } = memoryCart(new Map([[1, product(1, 'Metformin 500mg Tablet')]]));
    const outcome = await fillCart(plan([{ productId: 1, name: 'Metformin 500mg Tablet', quantity: 2, prescriptionPaths: null, prescriptionAgain: true }]), cart);
    expect(lines.get(1)).toMatchObject({ quantity: 2, prescription: null });
    expect(outcome.sentences[1]).toBe('Metformin 500mg Tablet needs a valid prescription: please upload it again at checkout.');
  });
});
