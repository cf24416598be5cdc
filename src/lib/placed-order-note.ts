import type { OrderRecord } from '../domain/order-view';

/**
 * What the cart tells the order page it opens right after a payment or a cash-on-delivery order:
 * the order page shows the placed message and toast the cart would have held on screen, so the
 * customer goes straight to their order number instead of waiting on the cart. The order itself
 * comes along when the payment's reply carried it, so the page draws it without another call (the
 * page checks it with the order schema before drawing: it is only as good as sessionStorage).
 */
export interface PlacedOrderNote {
  orderNumber: string;
  message: string;
  toast: string;
  record?: OrderRecord;
}

const KEY = 'placed-order';

export function leavePlacedOrderNote(storage: Storage, note: PlacedOrderNote): void {
  storage.setItem(KEY, JSON.stringify(note));
}

/** Whether the note for this order carries the order, without taking it (the head's early call skips then). */
export function placedOrderNoteHasRecord(storage: Storage, orderNumber: string): boolean {
  try {
    const note: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    return typeof note === 'object' && note !== null && (note as PlacedOrderNote).orderNumber === orderNumber && 'record' in note;
  } catch {
    return false;
  }
}

/** The note for this order, once: it is removed as it is read, so a reload shows the order alone. */
export function takePlacedOrderNote(storage: Storage, orderNumber: string): PlacedOrderNote | null {
  const text = storage.getItem(KEY);
  if (text === null) return null;
  let note: unknown;
  try {
    note = JSON.parse(text);
  } catch {
    note = null;
  }
  const valid = typeof note === 'object' && note !== null && ['orderNumber', 'message', 'toast'].every((field) => typeof (note as Record<string, unknown>)[field] === 'string');
  if (!valid) {
    storage.removeItem(KEY);
    return null;
  }
  if ((note as PlacedOrderNote).orderNumber !== orderNumber) return null;
  storage.removeItem(KEY);
  return note as PlacedOrderNote;
}
