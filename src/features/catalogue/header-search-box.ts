/** The header's search box: its suggestions load once the box gets focus. */
export function suggestOnFocus(): void {
  const input = document.getElementById('header-search') as HTMLInputElement | null;
  const list = document.getElementById('header-search-suggestions') as HTMLDataListElement | null;
  input?.addEventListener(
    'focus',
    () => {
      if (list) void import('./header-search').then(({ attachSuggestions }) => attachSuggestions(input, list)).catch(() => undefined);
    },
    { once: true },
  );
}
