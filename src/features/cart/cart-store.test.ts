import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import type { CartState } from '../../domain/cart-line';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metformin, paracetamol } from './cart-products.fixture';

// The store reads its storage engine when the module loads, so the test engine goes in first.
useTestStorageEngine();
const { $cart, cartLineCount, addToCart, clearCart, removeFromCart, setPrescription, setQuantity } = await import('./cart-store');
const { decodeCart, encodeCart } = await import('../../domain/stored-cart');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function storedCart(): unknown {
  return decodeCart(getTestStorage().cart ?? null);
}

describe('cart store actions', () => {
  let unlisten: () => void;
  beforeEach(() => {
    unlisten = $cart.listen(() => {});
    clearCart();
  });
  afterEach(() => {
    unlisten();
    cleanTestStorage();
  });

  it('adds a product as a new line of quantity 1', () => {
    addToCart(paracetamol);
    expect($cart.get().items).toEqual([
      { product: paracetamol, quantity: 1, prescriptionAccepted: true, prescriptionFileUrl: null },
    ]);
  });

  it('adding a product already in the cart increments its line', () => {
    addToCart(paracetamol);
    addToCart(paracetamol);
    expect($cart.get().items).toHaveLength(1);
    expect($cart.get().items[0]?.quantity).toBe(2);
  });

  it('a prescription-only line starts not accepted and without a file', () => {
    addToCart(metformin);
    expect($cart.get().items[0]).toMatchObject({ prescriptionAccepted: false, prescriptionFileUrl: null });
  });

  it('sets a quantity, whole numbers only', () => {
    addToCart(paracetamol);
    setQuantity(paracetamol.id, 4.7);
    expect($cart.get().items[0]?.quantity).toBe(4);
  });

  it('a quantity of 0 or less removes the line', () => {
    addToCart(paracetamol);
    addToCart(metformin);
    setQuantity(paracetamol.id, 0);
    setQuantity(metformin.id, -2);
    expect($cart.get().items).toEqual([]);
  });

  it('removes one line and keeps the others', () => {
    addToCart(paracetamol);
    addToCart(metformin);
    removeFromCart(paracetamol.id);
    expect($cart.get().items.map((line) => line.product.id)).toEqual([metformin.id]);
  });

  it('clearing empties the cart and starts a new session id', () => {
    addToCart(paracetamol);
    const before = $cart.get().sessionId;
    clearCart();
    expect($cart.get().items).toEqual([]);
    expect($cart.get().sessionId).toMatch(UUID);
    expect($cart.get().sessionId).not.toBe(before);
  });

  it('records an accepted prescription with its file on one line', () => {
    addToCart(metformin);
    addToCart(paracetamol);
    setPrescription(metformin.id, true, 'guest-x/abc.pdf');
    expect($cart.get().items[0]).toMatchObject({ prescriptionAccepted: true, prescriptionFileUrl: 'guest-x/abc.pdf' });
    expect($cart.get().items[1]).toMatchObject({ prescriptionAccepted: true, prescriptionFileUrl: null });
  });

  it('counts distinct lines for the badge, not units', () => {
    addToCart(paracetamol);
    addToCart(paracetamol);
    addToCart(metformin);
    expect(cartLineCount($cart.get())).toBe(2);
  });

  it('saves every change under the localStorage key `cart`', () => {
    addToCart(paracetamol);
    expect(storedCart()).toEqual($cart.get());
  });

  it("takes another tab's change from a storage event", () => {
    const otherTab = { items: [{ product: metformin, quantity: 3, prescriptionAccepted: false, prescriptionFileUrl: null }], sessionId: crypto.randomUUID() };
    setTestStorageKey('cart', encodeCart(otherTab));
    expect($cart.get()).toEqual(otherTab);
  });

  it('a corrupted value written by another tab leaves an empty, working cart', () => {
    addToCart(paracetamol);
    setTestStorageKey('cart', '{"items": [');
    expect($cart.get().items).toEqual([]);
    addToCart(metformin);
    expect($cart.get().items).toHaveLength(1);
  });
});

describe('decodeCart: what a browser may really hold', () => {
  const line = { product: paracetamol, quantity: 2, prescriptionAccepted: true, prescriptionFileUrl: null };
  const sessionId = '1f0c5c1e-0000-4000-8000-000000000000';

  it('reads a current cart unchanged', () => {
    expect(decodeCart(encodeCart({ items: [line], sessionId }))).toEqual({ items: [line], sessionId });
  });

  it('turns text that is not JSON into an empty cart with a fresh session id', () => {
    const cart = decodeCart('not json {');
    expect(cart.items).toEqual([]);
    expect(cart.sessionId).toMatch(UUID);
  });

  it('turns JSON of the wrong shape into an empty cart', () => {
    for (const encoded of ['null', '42', '"cart"', '{"items": "many"}']) {
      expect(decodeCart(encoded).items).toEqual([]);
    }
  });

  it('drops unreadable lines and keeps the rest', () => {
    const broken = { product: { id: 'x' }, quantity: 1 };
    const stored = JSON.parse(encodeCart({ items: [line], sessionId })).items[0];
    const cart = decodeCart(JSON.stringify({ items: [broken, stored, null, { ...stored, quantity: 0 }], sessionId }));
    expect(cart.items).toEqual([line]);
  });

  it('reads an old-shaped cart that was a bare list of lines', () => {
    expect(decodeCart(JSON.stringify(JSON.parse(encodeCart({ items: [line], sessionId })).items)).items).toEqual([line]);
  });

  it('fills a missing or invalid session id', () => {
    expect(decodeCart(encodeCart({ items: [line] } as CartState)).sessionId).toMatch(UUID);
    expect(decodeCart(encodeCart({ items: [line], sessionId: 'abc' })).sessionId).toMatch(UUID);
  });

  it('reads a line stored before sale states existed as purchasable', () => {
    const { sale_state: _omitted, ...oldProduct } = paracetamol;
    const cart = decodeCart(encodeCart({ items: [{ ...line, product: oldProduct as typeof paracetamol }], sessionId }));
    expect(cart.items[0]?.product.sale_state).toBe('ADD TO CART');
  });

  it('keeps one line per product when the stored value repeats one', () => {
    const cart = decodeCart(encodeCart({ items: [line, { ...line, quantity: 5 }], sessionId }));
    expect(cart.items).toEqual([line]);
  });
});
