import { cleanTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paracetamol } from './cart-products.fixture';
import { fromStoredItem, toStoredItem } from '../../domain/account-cart';
import { decodeCart, encodeCart } from '../../domain/stored-cart';

useTestStorageEngine();
const { $cart, addToCart, clearCart, setQuantity } = await import('./cart-store');

describe('a cart line holds at most 20 of a product (the payment functions refuse more)', () => {
  let unlisten: () => void;
  beforeEach(() => {
    unlisten = $cart.listen(() => {});
    clearCart();
  });
  afterEach(() => {
    unlisten();
    cleanTestStorage();
  });

  it('adding once more at 20 keeps 20', () => {
    addToCart(paracetamol);
    setQuantity(paracetamol.id, 20);
    addToCart(paracetamol);
    expect($cart.get().items[0]?.quantity).toBe(20);
  });

  it('setting 21 or more sets 20', () => {
    addToCart(paracetamol);
    setQuantity(paracetamol.id, 21);
    expect($cart.get().items[0]?.quantity).toBe(20);
    setQuantity(paracetamol.id, 500);
    expect($cart.get().items[0]?.quantity).toBe(20);
  });

  it('a stored cart above 20 is clamped on load', () => {
    const line = { product: paracetamol, quantity: 35, prescriptionAccepted: true, prescriptionFileUrl: null };
    expect(decodeCart(encodeCart({ items: [line], sessionId: crypto.randomUUID() })).items[0]?.quantity).toBe(20);
    setTestStorageKey('cart', encodeCart({ items: [line], sessionId: crypto.randomUUID() }));
    expect($cart.get().items[0]?.quantity).toBe(20);
  });

  it("an account's stored cart above 20 is clamped when it is read back", () => {
    const stored = toStoredItem({ product: paracetamol, quantity: 20, prescriptionAccepted: true, prescriptionFileUrl: null });
    expect(fromStoredItem({ ...stored, quantity: 42 })?.quantity).toBe(20);
  });
});
