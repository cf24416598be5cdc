import { describe, expect, it } from 'vitest';
import { MERCHANT_TRANSACTION_ID_PATTERN } from '../../domain/payment-contract';
import { clearPendingPayment, newMerchantTransactionId, readPendingPayment, returnPathOf, storePendingPayment } from './phonepe-transaction';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('newMerchantTransactionId', () => {
  it('is TXN_, the time and random text, as the payment functions accept', () => {
    const id = newMerchantTransactionId(1_700_000_000_000, () => 0.5);
    expect(id).toBe('TXN_1700000000000_SSSSSSSS');
    expect(id).toMatch(MERCHANT_TRANSACTION_ID_PATTERN);
  });

  it('differs between attempts made in the same millisecond', () => {
    expect(newMerchantTransactionId(1)).not.toBe(newMerchantTransactionId(1));
  });
});

describe('the stored PhonePe payment', () => {
  it('keeps the transaction id, total and method until cleared', () => {
    const storage = new MemoryStorage();
    expect(readPendingPayment(storage)).toBeNull();
    storePendingPayment(storage, { merchantTransactionId: 'TXN_1_ABCDEFGH', totalPaise: 6900, method: 'phonepe', returnPath: '/cart' });
    expect(readPendingPayment(storage)).toEqual({ merchantTransactionId: 'TXN_1_ABCDEFGH', totalPaise: 6900, method: 'phonepe', returnPath: '/cart' });
    clearPendingPayment(storage);
    expect(readPendingPayment(storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('ignores values that are not a payment', () => {
    const storage = new MemoryStorage();
    storePendingPayment(storage, { merchantTransactionId: 'TXN_1_ABCDEFGH', totalPaise: 6900, method: 'phonepe', returnPath: '/cart' });
    storage.setItem('phonepe-payment-method', 'cash');
    expect(readPendingPayment(storage)).toBeNull();
  });
});

describe('the page a PhonePe payment returns to', () => {
  const requestPage = '/prescription-request?number=RX-2611-000042&key=abc';

  it('is the page it started on, and only that page reads it as its own', () => {
    const storage = new MemoryStorage();
    storePendingPayment(storage, { merchantTransactionId: 'TXN_1_ABCDEFGH', totalPaise: 6900, method: 'phonepe', returnPath: requestPage });
    expect(readPendingPayment(storage, requestPage)?.merchantTransactionId).toBe('TXN_1_ABCDEFGH');
    expect(readPendingPayment(storage, '/cart')).toBeNull();
    expect(readPendingPayment(storage, '/prescription-request?number=RX-2611-000043&key=abc')).toBeNull();
  });

  it('is the cart for a payment stored without one (before request pages could pay)', () => {
    const storage = new MemoryStorage();
    storePendingPayment(storage, { merchantTransactionId: 'TXN_1_ABCDEFGH', totalPaise: 6900, method: 'phonepe', returnPath: requestPage });
    storage.removeItem('phonepe-return-path');
    expect(readPendingPayment(storage, '/cart')?.returnPath).toBe('/cart');
  });

  it('never leaves the site: another origin or a non-path is read as the cart', () => {
    expect(returnPathOf(requestPage)).toBe(requestPage);
    for (const text of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null]) expect(returnPathOf(text)).toBe('/cart');
  });
});
