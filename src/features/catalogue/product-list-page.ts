import { emptyListMessage, parseSortOrder, searchAndSort, showingText, type ListedProduct } from './product-list';

interface ListedCard extends ListedProduct {
  card: HTMLElement;
}

/**
 * Applies search and sort to the prebuilt product cards of /products and keeps ?q= and ?sort= in
 * the address, so a search can be shared and survives a reload.
 */
export function enhanceProductList(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  const search = root.querySelector<HTMLInputElement>('input[name="q"]');
  const sort = root.querySelector<HTMLSelectElement>('select[name="sort"]');
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const empty = root.querySelector<HTMLElement>('[data-empty-message]');
  const count = root.querySelector<HTMLElement>('[data-product-count]');
  if (!form || !search || !sort || !grid || !empty || !count) return;

  const cards: ListedCard[] = [...grid.querySelectorAll<HTMLElement>('[data-product-card]')].map((card) => ({
    card,
    id: Number(card.dataset.id),
    name: card.dataset.name ?? '',
    brand: card.dataset.brand ?? '',
    category: card.dataset.category ?? '',
    marketer: card.dataset.marketer ?? '',
    mrp: Number(card.dataset.mrp),
  }));

  const apply = () => {
    const order = parseSortOrder(sort.value);
    const shown = searchAndSort(cards, search.value, order);
    const visible = new Set(shown.map((item) => item.card));
    for (const { card } of cards) card.hidden = !visible.has(card);
    grid.append(...shown.map((item) => item.card));
    const message = emptyListMessage(shown.length, cards.length);
    empty.textContent = message ?? '';
    empty.hidden = message === null;
    count.textContent = showingText(shown.length, cards.length);

    const url = new URL(location.href);
    if (search.value.trim()) url.searchParams.set('q', search.value.trim());
    else url.searchParams.delete('q');
    if (order !== 'name') url.searchParams.set('sort', order);
    else url.searchParams.delete('sort');
    history.replaceState(history.state, '', url);
  };

  const params = new URLSearchParams(location.search);
  search.value = params.get('q') ?? '';
  sort.value = parseSortOrder(params.get('sort'));
  search.addEventListener('input', apply);
  sort.addEventListener('change', apply);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  if (search.value || sort.value !== 'name') apply();
}
