import { unavailableLabel } from '../../domain/unavailable-label';
import { productList } from '../../domain/strings/english/productList';
import { fill } from '../../domain/strings/format';
import { pageText } from '../../lib/browser/page-text';
import { productPath, toCartProduct, type ProductCard } from '../../domain/product';
import { DEFAULT_SORT, emptyListMessage, PAGE_SIZE, parseSortOrder, showingText, type SortOrder } from './product-list';
import { formatRupees } from '../../domain/money';
import { discountLabel, sellingPricePaise } from '../../domain/selling-price';
import type { SearchClient } from './search-client';
import type { SearchOrder } from './search-engine';
import { fetchSearchFile, SEARCH_MANIFEST_URL } from './search-fetch';
import { FILTER_PARAMS, hasFilters, type ListFilters, NO_FILTERS, readFilters, writeFilters } from './list-filters';
import { type ListFacts, matchesFilters } from './list-facts';
import { showLiveStock } from './live-stock';

const SEARCH_DELAY_MS = 120;

/** What a search needs: the index's manifest and client, and the card reader (with its zod), all loaded on first use only. */
interface SearchTools {
  client: SearchClient;
  productSearch: typeof import('./product-search');
}

let searchTools: Promise<SearchTools> | undefined;
let searchReady = false;

function loadSearch(): Promise<SearchTools> {
  // The manifest is fetched alongside the search code, not after it: one round trip less.
  searchTools ??= Promise.all([import('./search-client'), import('./product-search'), fetchSearchFile(SEARCH_MANIFEST_URL)]).then(
    ([{ openSearch }, productSearch, manifest]) => {
      searchReady = true;
      return { client: openSearch(manifest), productSearch };
    },
  );
  // A failed load is retried on the next search rather than remembered.
  searchTools.catch(() => (searchTools = undefined));
  return searchTools;
}

/** Renders the quantity control of a card the page script made, with the island's own component. */
async function mountCartControl(slot: HTMLElement, card: ProductCard): Promise<void> {
  const [{ createElement }, { createRoot }, { default: AddToCart }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('../cart/AddToCart'),
  ]);
  createRoot(slot).render(createElement(AddToCart, { product: toCartProduct(card), variant: 'card' }));
}

function setText(card: HTMLElement, hook: string, text: string): void {
  for (const element of card.querySelectorAll(`[${hook}]`)) element.textContent = text;
}

/** A copy of the page's card template showing one search result. */
function cardFromTemplate(template: HTMLTemplateElement, card: ProductCard): HTMLElement {
  const text = pageText('productList', productList);
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const headingId = `product-${card.id}-name`;
  item.dataset.id = String(card.id);
  item.querySelector('article')?.setAttribute('aria-labelledby', headingId);
  item.querySelector('h2')?.setAttribute('id', headingId);
  const image = item.querySelector('img');
  if (image) {
    image.src = card.thumbnail_image;
    image.alt = card.name;
  }
  const fallbackText = item.querySelector('[data-image-fallback] .sr-only');
  if (fallbackText) fallbackText.textContent = fill(text.imageUnavailable, { name: card.name });
  const link = item.querySelector<HTMLAnchorElement>('[data-card-link]');
  if (link) {
    // Under the page's own language prefix ('' for the default language, '/hi', …).
    link.href = (template.closest<HTMLElement>('[data-product-list]')?.dataset.pathPrefix ?? '') + productPath(card);
    link.textContent = card.name;
  }
  setText(item, 'data-card-category', card.category);
  setText(item, 'data-card-description', card.description);
  setText(item, 'data-card-drug-form', card.drug_form);
  setText(item, 'data-card-quantity', card.quantity);
  const discount = discountLabel(card, text);
  setText(item, 'data-price', formatRupees(sellingPricePaise(card)));
  setText(item, 'data-card-mrp', discount ? formatRupees(card.mrp_paise) : '');
  setText(item, 'data-card-discount', discount ?? '');
  if (!card.requires_prescription) item.querySelector('[data-card-rx]')?.remove();
  // The template is a sold-out product's card: a result on sale gets its stock note back.
  const stockNote = item.querySelector<HTMLElement>('[data-card-stock]');
  if (stockNote) stockNote.dataset.stockName = card.name;
  if (stockNote && card.sale_state === 'ADD TO CART') stockNote.dataset.stockProduct = String(card.id);
  const slot = item.querySelector<HTMLElement>('[data-card-cart-control]');
  if (card.sale_state === 'ADD TO CART') {
    // The template's disabled button must not show while React loads.
    slot?.replaceChildren();
    if (slot) void mountCartControl(slot, card);
  } else {
    const unavailable = slot?.querySelector('button');
    if (unavailable) unavailable.textContent = unavailableLabel(text)[card.sale_state];
  }
  return item;
}

/** Shows the filters in the form's fields (from a shared address, or cleared). */
function writeFiltersToForm(form: HTMLFormElement, filters: ListFilters): void {
  const type = form.elements.namedItem(FILTER_PARAMS.type);
  const drugForm = form.elements.namedItem(FILTER_PARAMS.form);
  const stock = form.elements.namedItem(FILTER_PARAMS.stock);
  if (type instanceof HTMLSelectElement) type.value = filters.type ?? '';
  if (drugForm instanceof HTMLSelectElement) drugForm.value = filters.form ?? '';
  if (stock instanceof HTMLInputElement) stock.checked = filters.inStockOnly;
}

/**
 * Search and sort on /products and its pages. The default order (no query, by name) is the
 * prebuilt page itself, with its page links; anything else asks the search index (search-engine.ts),
 * whose parts load on first use, and lists its results 48 at a time. The filters (list-filters.ts)
 * narrow any of these, and a category or condition page keeps to its own products. ?q=, ?sort= and
 * the filters stay in the address, so a search can be shared and survives a reload.
 */
export function enhanceProductList(root: HTMLElement): void {
  const text = pageText('productList', productList);
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  const search = root.querySelector<HTMLInputElement>('input[name="q"]');
  const sort = root.querySelector<HTMLSelectElement>('select[name="sort"]');
  const grid = root.querySelector<HTMLElement>('[data-product-grid]');
  const empty = root.querySelector<HTMLElement>('[data-empty-message]');
  const count = root.querySelector<HTMLElement>('[data-product-count]');
  const loading = root.querySelector<HTMLElement>('[data-loading]');
  const loadError = root.querySelector<HTMLElement>('[data-load-error]');
  const showMore = root.querySelector<HTMLButtonElement>('[data-show-more]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-card-template]');
  if (!form || !search || !sort || !grid || !empty || !count || !loading || !loadError || !showMore) return;
  const pagination = root.querySelector<HTMLElement>('[data-pagination]');
  const clearFilters = root.querySelector<HTMLButtonElement>('[data-clear-filters]');
  const total = Number(root.dataset.total);
  // On a category or condition page: the search index's ordinals of its products (loaded on first need).
  const groupUrl = root.dataset.groupMembers;
  let groupMembers: Promise<ReadonlySet<number>> | undefined;
  const members = () => {
    groupMembers ??= fetchSearchFile(groupUrl!).then((ordinals) => new Set(ordinals as number[]));
    groupMembers.catch(() => (groupMembers = undefined));
    return groupMembers;
  };
  let facts: Promise<ListFacts> | undefined;
  const listFacts = () => {
    facts ??= fetchSearchFile(root.dataset.facts!) as Promise<ListFacts>;
    facts.catch(() => (facts = undefined));
    return facts;
  };
  const formFilters = () => readFilters(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));

  const prebuilt = [...grid.querySelectorAll<HTMLElement>('[data-product-card]')];
  // Cards by product id: the prebuilt ones, then every card made for a result, reused on later searches.
  const cards = new Map(prebuilt.map((card) => [Number(card.dataset.id), card]));
  let results: number[] = [];
  let resultsOrder: SearchOrder = 'relevance';
  let listed = 0;
  // Each search gets a number; a slower earlier one must not overwrite a later one's results.
  let latest = 0;

  const showCount = (matching: number) => {
    const message = emptyListMessage(matching, total, text);
    empty.textContent = message ?? '';
    empty.hidden = message === null;
    count.textContent = showingText(matching, total, text);
  };

  const keepInAddress = (query: string, order: SortOrder, filters: ListFilters) => {
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    if (order !== DEFAULT_SORT) url.searchParams.set('sort', order);
    else url.searchParams.delete('sort');
    writeFilters(url.searchParams, filters);
    history.replaceState(history.state, '', url);
  };

  const cardFor = async (ordinal: number): Promise<HTMLElement | undefined> => {
    const { client, productSearch } = await loadSearch();
    const found = productSearch.readSearchCard(await client.card(ordinal, resultsOrder));
    let card = cards.get(found.id);
    if (!card && template) {
      card = cardFromTemplate(template, found);
      cards.set(found.id, card);
    }
    return card;
  };

  /** The next 48 results' cards, after the shown ones or (fresh) in their place. */
  const listMore = async (search: number, fresh: boolean) => {
    const from = fresh ? 0 : listed;
    const next = (await Promise.all(results.slice(from, from + PAGE_SIZE).map(cardFor))).filter((card) => card !== undefined);
    if (search !== latest) return;
    if (fresh) grid.replaceChildren(...next);
    else grid.append(...next);
    // One availability request for the cards this step listed.
    void showLiveStock(next);
    listed = from + next.length;
    showMore.hidden = listed >= results.length;
  };

  // The prebuilt page as it is: its cards, its page links; a category page's Show more then lists the rest.
  let browsing = true;

  const apply = async () => {
    const query = search.value.trim();
    const order = parseSortOrder(sort.value);
    const filters = formFilters();
    keepInAddress(query, order, filters);
    if (clearFilters) clearFilters.hidden = !hasFilters(filters);
    const current = ++latest;
    loadError.hidden = true;
    browsing = query === '' && order === DEFAULT_SORT && !hasFilters(filters);
    if (browsing) {
      grid.replaceChildren(...prebuilt);
      listed = prebuilt.length;
      showMore.hidden = !groupUrl || listed >= total;
      if (pagination) pagination.hidden = false;
      showCount(total);
      return;
    }
    try {
      loading.hidden = searchReady;
      const { client } = await loadSearch();
      // A search in the default order lists the best matches first; a price order is kept as chosen.
      const searchOrder = query !== '' && order === DEFAULT_SORT ? 'relevance' : order;
      const [found, inGroup, known] = await Promise.all([
        client.search(query, searchOrder),
        groupUrl ? members() : undefined,
        hasFilters(filters) ? listFacts() : undefined,
      ]);
      if (current !== latest) return;
      results = found.filter(
        (ordinal) => (!inGroup || inGroup.has(ordinal)) && (!known || matchesFilters(known.facts[ordinal]!, known.forms, filters)),
      );
      resultsOrder = searchOrder;
      await listMore(current, true);
      if (pagination) pagination.hidden = true;
      if (current !== latest) return;
      showCount(results.length);
    } catch {
      if (current === latest) loadError.hidden = false;
    } finally {
      if (current === latest) loading.hidden = true;
    }
  };

  // The first keystroke searches at once; while the customer keeps typing, only the pause does.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastInput = -Infinity;
  const applySoon = () => {
    clearTimeout(timer);
    const typing = performance.now() - lastInput < SEARCH_DELAY_MS;
    lastInput = performance.now();
    if (typing) timer = setTimeout(() => void apply(), SEARCH_DELAY_MS);
    else void apply();
  };

  // Started by an address with ?q= or ?sort=: the form shows them. Started by the customer's first
  // use of the form (product-list-start.ts): the form keeps what they typed or chose.
  const params = new URLSearchParams(location.search);
  if (params.has('q') || params.has('sort') || hasFilters(readFilters(params))) {
    search.value = params.get('q') ?? '';
    sort.value = parseSortOrder(params.get('sort'));
    writeFiltersToForm(form, readFilters(params));
  }
  search.addEventListener('input', applySoon);
  // A customer who goes to the search box is about to search: fetch the index meanwhile.
  search.addEventListener('focus', () => void loadSearch().catch(() => undefined), { once: true });
  // The sort and the filters apply as they change; the search box already did as it was typed in.
  form.addEventListener('change', (event) => {
    if (event.target !== search) void apply();
  });
  showMore.addEventListener('click', () => {
    if (!browsing) {
      void listMore(latest, false);
      return;
    }
    // A category page's own list goes on after its prebuilt cards, in name order.
    const current = latest;
    void members().then(
      (inGroup) => {
        if (current !== latest) return;
        results = [...inGroup].sort((a, b) => a - b);
        resultsOrder = 'name';
        browsing = false;
        void listMore(current, false);
      },
      () => (loadError.hidden = false),
    );
  });
  clearFilters?.addEventListener('click', () => {
    writeFiltersToForm(form, NO_FILTERS);
    void apply();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void apply();
  });
  if (search.value || sort.value !== DEFAULT_SORT || hasFilters(formFilters())) void apply();
  else if (document.activeElement === search) void loadSearch().catch(() => undefined);
}
