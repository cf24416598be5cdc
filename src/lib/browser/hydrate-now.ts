/**
 * Asks every island that waits for an interaction (client:interact) to hydrate at once: for a page
 * state that needs the island before the customer acts, such as the return from PhonePe's pay page.
 * A mark on <html> as well as an event, so a directive that starts after the event still sees it.
 */
export const HYDRATE_NOW_EVENT = 'islands:hydrate-now';
export const HYDRATE_NOW_MARK = 'hydrateNow';

export function hydrateIslandsNow(): void {
  document.documentElement.dataset[HYDRATE_NOW_MARK] = '';
  document.dispatchEvent(new Event(HYDRATE_NOW_EVENT));
}

export function hydrateNowAsked(): boolean {
  return HYDRATE_NOW_MARK in document.documentElement.dataset;
}
