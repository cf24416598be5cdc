import { rememberLanding } from './utm';

/*
 * Every page's first inline script ends with this (src/layouts/head-start.ts builds it in): the
 * campaign of the address the customer landed on is kept while the head is read, before any module
 * script, so a tap or a navigation in the first moments after landing never loses it.
 */
try {
  rememberLanding(location.href, localStorage, Date.now());
} catch {
  // Storage full or blocked: the order is then placed without a campaign, nothing else changes.
}
