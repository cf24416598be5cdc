import { readStoredTouches, rememberTouch, touchFromUrl, UTM_STORAGE_KEY } from './utm';

/** Remembers the campaign of the address the customer landed on (start-session.ts loads this only when it carries UTM parameters). */
const touch = touchFromUrl(new URL(location.href));
if (touch) {
  try {
    localStorage.setItem(UTM_STORAGE_KEY, JSON.stringify(rememberTouch(readStoredTouches(localStorage.getItem(UTM_STORAGE_KEY)), touch, Date.now())));
  } catch {
    // Storage full or blocked: the order is then placed without a campaign, nothing else changes.
  }
}
