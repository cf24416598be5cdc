import { stockNote, type Availability } from '../../domain/stock';
import { UNAVAILABLE_NOTICE } from './catalogue-strings';
import { UNAVAILABLE_LABEL } from '../../domain/sale-state';

/**
 * The prebuilt page learns true stock after load: one small request for the products it shows
 * (each marked data-stock-product), then a sold-out product's cart control gives way to the
 * disabled "Sold Out" button and its note says so, and a low one says "Only N left". A failed
 * request leaves the page as built: the order's reservation still refuses what is not there.
 */
export async function showLiveStock(root: ParentNode = document): Promise<void> {
  const notes = [...root.querySelectorAll<HTMLElement>('[data-stock-product]')];
  const ids = [...new Set(notes.map((note) => note.dataset.stockProduct))];
  if (ids.length === 0) return;
  let availability: Availability;
  try {
    const response = await fetch(`/api/stock/availability?ids=${ids.join(',')}`);
    if (!response.ok) return;
    availability = (await response.json()) as Availability;
  } catch {
    return;
  }
  for (const note of notes) {
    const { soldOut, note: text } = stockNote(availability[note.dataset.stockProduct!]);
    note.textContent = soldOut ? UNAVAILABLE_NOTICE['SOLD OUT'] : (text ?? '');
    note.hidden = !soldOut && text === null;
    if (soldOut) markSoldOut(note.dataset.stockProduct!, root);
  }
}

function markSoldOut(productId: string, root: ParentNode): void {
  for (const control of root.querySelectorAll<HTMLElement>('[data-cart-control]')) {
    if ((JSON.parse(control.dataset.product ?? '{}') as { id?: number }).id !== Number(productId)) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.disabled = true;
    // The box of the control it replaces (cart-control-markup's CART_CONTROL_BOX), so nothing shifts.
    const box = control.dataset.variant === 'card' ? 'h-9 w-28' : 'h-12 w-full sm:w-56';
    button.className = `${box} inline-flex cursor-not-allowed items-center justify-center rounded-md bg-gray-200 text-sm font-semibold text-gray-600`;
    button.textContent = UNAVAILABLE_LABEL['SOLD OUT'];
    control.replaceWith(button);
  }
}
