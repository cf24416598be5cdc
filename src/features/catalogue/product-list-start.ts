import { hasFilters, readFilters } from './list-filters';

/**
 * The list's search, sort and filters (product-list-page.ts, with the search index reader) load on
 * the customer's first use of the form or of Show more, so a list that is only browsed costs a few
 * lines of script. An address with ?q=, ?sort= or a filter needs them at once. A tap or keystroke made while they load is not
 * lost: the enhanced list applies whatever the form holds when it arrives.
 */
export function enhanceOnFirstUse(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[role="search"]');
  const search = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const sort = form?.querySelector<HTMLSelectElement>('select[name="sort"]');
  if (!form || !search || !sort) return;
  const params = new URLSearchParams(location.search);
  const firstUse = new AbortController();
  let enhanced: Promise<void> | undefined;
  const enhance = () =>
    (enhanced ??= import('./product-list-page').then(({ enhanceProductList }) => {
      firstUse.abort();
      enhanceProductList(root);
    }));
  if (params.has('q') || params.has('sort') || hasFilters(readFilters(params))) {
    void enhance();
    return;
  }
  // The list is the default one: a form the browser restored on Back shows it too.
  form.reset();
  const options = { signal: firstUse.signal };
  search.addEventListener('focus', () => void enhance(), options);
  search.addEventListener('input', () => void enhance(), options);
  form.addEventListener('change', () => void enhance(), options);
  // A category page's Show more lists the rest through the same code; its first tap waits for it.
  const showMore = root.querySelector<HTMLButtonElement>('[data-show-more]');
  showMore?.addEventListener('click', () => void enhance().then(() => showMore.click()), options);
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void enhance();
    },
    options,
  );
}
