/**
 * The list's search and sort (product-list-page.ts, with the search index reader) load on the
 * customer's first use of the form, so a list that is only browsed costs a few lines of script.
 * An address with ?q= or ?sort= needs them at once. A tap or keystroke made while they load is not
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
  if (params.has('q') || params.has('sort')) {
    void enhance();
    return;
  }
  // The list is the default one: a form the browser restored on Back shows it too.
  form.reset();
  const options = { signal: firstUse.signal };
  search.addEventListener('focus', () => void enhance(), options);
  search.addEventListener('input', () => void enhance(), options);
  sort.addEventListener('change', () => void enhance(), options);
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      void enhance();
    },
    options,
  );
}
