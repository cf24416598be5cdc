import { notAvailableSentence, stockNote, type Availability } from '../../domain/stock';
import { unavailableLabel } from '../../domain/unavailable-label';
import { productList } from '../../domain/strings/english/productList';
import { pageText } from '../../lib/browser/page-text';

/**
 * The prebuilt product page and product cards learn true stock after load (live-stock-after-load.ts): one small request for
 * the products shown (each with a data-stock-product note naming the product in data-stock-name and
 * holding the sold-out notice in data-sold-out, so the strings module stays off the page),
 * then a sold-out product's cart control gives way to the disabled "Sold Out" button, a low one
 * says "Only N left", and Add or + past what is left is refused with the server's own sentence; a
 * product page then offers "Notify me" for the sold-out product. A
 * failed request leaves the page as built: the order's reservation still refuses what is not there.
 * Kept small: it is fetched after load on every product and list page.
 */

/** Each control learned about -> its product's note. */
const noteOf = new WeakMap<Element, HTMLElement>();

/** Updates what `roots` show (the whole page, or the cards a search just listed). */
export async function showLiveStock(roots: readonly ParentNode[] = [document]): Promise<void> {
  const notes = roots.flatMap((root) => [...root.querySelectorAll<HTMLElement>('[data-stock-product]')]);
  if (notes.length === 0) return;
  let availability: Availability;
  try {
    const response = await fetch(`/api/stock/availability?ids=${[...new Set(notes.map((note) => note.dataset.stockProduct))].join()}`);
    if (!response.ok) return;
    availability = (await response.json()) as Availability;
  } catch {
    return;
  }
  const words = pageText('productList', productList);
  for (const note of notes) {
    const left = availability[note.dataset.stockProduct!];
    const { soldOut, note: text } = stockNote(left, words);
    note.textContent = soldOut ? note.dataset.soldOut! : (text ?? '');
    note.hidden = !soldOut && text === null;
    // A card's whole control slot (React may own what is inside it), or the product page's control.
    const card = note.closest('[data-product-card]');
    if (soldOut && !card) offerNotifyMe();
    const control = card ? card.querySelector<HTMLElement>('[data-card-cart-control]') : document.querySelector<HTMLElement>('[data-cart-control]');
    if (!control || left === undefined) continue;
    control.dataset.left = String(left);
    noteOf.set(control, note);
    if (soldOut && control.style.display !== 'none') {
      const button = document.createElement('button');
      button.disabled = true;
      // The box of the control it stands in for (cart-control-markup's CART_CONTROL_BOX), so nothing shifts.
      button.className = `${card ? 'h-9 w-28' : 'h-12 w-full sm:w-56'} cursor-not-allowed rounded-md bg-gray-200 text-sm font-semibold text-gray-600`;
      button.textContent = unavailableLabel(words)['SOLD OUT'];
      control.style.display = 'none';
      control.after(button);
    }
  }
  // Before the cart (its static script or React) sees the tap.
  addEventListener('click', refuse, true);
}

/**
 * The product page's "Notify me" (NotifyMeForm.astro, built into an inert <template>): shown and
 * saved as on a page built sold out, so the back-in-stock mail answers it when stock returns.
 * Cards offer none, as for a product the catalogue marks sold out.
 */
function offerNotifyMe(): void {
  const template = document.querySelector<HTMLTemplateElement>('template[data-live-notify-me]');
  const form = template?.content.querySelector('form');
  if (!template || !form) return;
  // Enhanced before it is shown, so no tap reaches a form that cannot save yet.
  void import('./notify-me').then(({ enhanceNotifyMe }) => {
    enhanceNotifyMe(form);
    template.replaceWith(template.content);
  });
}

function refuse(event: Event): void {
  const button = event.target instanceof Element ? event.target.closest('[data-cart-action]') : null;
  const control = button?.closest<HTMLElement>('[data-left]');
  if (!button || !control || button.getAttribute('data-cart-action') === 'decrease') return;
  const left = Number(control.dataset.left);
  // Add has no quantity beside it: the cart holds none.
  if (Number(button.parentElement?.querySelector('output')?.textContent ?? 0) < left) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const note = noteOf.get(control)!;
  note.textContent = notAvailableSentence(note.dataset.stockName!, left);
  note.hidden = false;
}
