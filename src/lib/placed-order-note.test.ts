import { describe, expect, it } from 'vitest';
import { leavePlacedOrderNote, placedOrderNoteHasRecord, takePlacedOrderNote } from './placed-order-note';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const note = { orderNumber: 'MK-2026-000123', message: 'Payment received & order placed!', toast: 'Payment received & order placed successfully!' };

describe('the placed order note the cart leaves for the order page', () => {
  it('is read once, by the page of the order it names', () => {
    const storage = memoryStorage();
    leavePlacedOrderNote(storage, note);
    expect(takePlacedOrderNote(storage, 'MK-2026-000999')).toBeNull();
    expect(takePlacedOrderNote(storage, note.orderNumber)).toEqual(note);
    expect(takePlacedOrderNote(storage, note.orderNumber)).toBeNull();
  });

  it('ignores and removes a note that is not one', () => {
    const storage = memoryStorage();
    storage.setItem('placed-order', '{"orderNumber":"MK-2026-000123"}');
    expect(takePlacedOrderNote(storage, note.orderNumber)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('tells the head whether it carries this order, without taking it', () => {
    const storage = memoryStorage();
    leavePlacedOrderNote(storage, note);
    expect(placedOrderNoteHasRecord(storage, note.orderNumber)).toBe(false);
    const record = { order: { order_number: note.orderNumber }, events: [], refunds: [], decisions: [] } as unknown as NonNullable<Parameters<typeof leavePlacedOrderNote>[1]['record']>;
    leavePlacedOrderNote(storage, { ...note, record });
    expect(placedOrderNoteHasRecord(storage, 'MK-2026-000999')).toBe(false);
    expect(placedOrderNoteHasRecord(storage, note.orderNumber)).toBe(true);
    expect(takePlacedOrderNote(storage, note.orderNumber)).toEqual({ ...note, record });
  });
});
