import { hasDevanagari } from './devanagari-search';
import { openSearch, suggestNames } from './search-client';
import { fetchSearchFile, SEARCH_MANIFEST_URL } from './search-fetch';

/**
 * The header search box's suggestions: loaded only when the box gets focus (so pages without
 * islands carry a few lines of script), then up to 8 product names per keystroke in its datalist,
 * from the index shards the typed words need.
 */
export async function attachSuggestions(input: HTMLInputElement, list: HTMLDataListElement): Promise<void> {
  const client = openSearch(await fetchSearchFile(SEARCH_MANIFEST_URL));
  // Each keystroke gets a number; a slower earlier one must not overwrite a later one's names.
  let latest = 0;
  const suggest = async () => {
    const current = ++latest;
    const names = await suggestNames(client, input.value).catch(() => undefined);
    if (current !== latest || names === undefined) return;
    // The browser lists only the options whose value or label holds what was typed: a name found from
    // Devanagari (मेटफॉर्मिन -> Metformin) carries the typed word as its label, or it would be hidden.
    const typed = hasDevanagari(input.value) ? input.value.trim() : null;
    list.replaceChildren(
      ...names.map((name) => {
        const option = document.createElement('option');
        option.value = name;
        if (typed) option.label = typed;
        return option;
      }),
    );
  };
  input.addEventListener('input', () => void suggest());
  void suggest();
}
