import { prepareIndex, SEARCH_INDEX_URL, suggestNames, type SearchRow } from './search-engine';

/**
 * The header search box's suggestions: loaded only when the box gets focus (so pages without
 * islands carry a few lines of script), then up to 8 product names per keystroke in its datalist.
 */
export async function attachSuggestions(input: HTMLInputElement, list: HTMLDataListElement): Promise<void> {
  const response = await fetch(SEARCH_INDEX_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) return;
  const index = prepareIndex((await response.json()) as SearchRow[]);
  const suggest = () => {
    list.replaceChildren(
      ...suggestNames(index, input.value).map((name) => {
        const option = document.createElement('option');
        option.value = name;
        return option;
      }),
    );
  };
  input.addEventListener('input', suggest);
  suggest();
}
