import type { ClientDirective } from 'astro';
import { HYDRATE_NOW_EVENT, hydrateNowAsked } from './hydrate-now';

/*
 * client:form — a form island (sign-in, sign-up, contact) drawn by the build and working before React:
 * typing lands in the drawn fields, the browser checks them, links go where they say. React is
 * fetched on the first touch anywhere on the page and hydrates on the first pointer, key or focus in
 * the form, so a page that is only looked at loads none of it (the sign-in page's LCP waited on 76 KB).
 * What needs React, pressed before it has hydrated, is held and done once it has: a submit (never the
 * browser's own, which would put the fields in the address), a button press (a tab, Show) and a tab
 * list's arrow keys. Hydration keeps what was typed: the fields are uncontrolled.
 * client:form="<storage key>" hydrates at once when the browser holds that key (localStorage): for a
 * form whose first screen depends on it (the contact page's thank-you, kept a week).
 */

const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const TAB_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

function storedKey(key: unknown): boolean {
  try {
    return typeof key === 'string' && localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

const hydrateFormOnInteraction: ClientDirective = (load, options, el) => {
  let loading: ReturnType<typeof load> | undefined;
  const fetchIsland = () => (loading ??= load());
  let hydrating: Promise<void> | undefined;
  let hydrated = false;
  const held: (() => void)[] = [];

  const hydrate = () =>
    (hydrating ??= (async () => {
      for (const type of INTERACTIONS) el.removeEventListener(type, start, true);
      await (await fetchIsland())();
      hydrated = true;
      for (const again of held.splice(0)) again();
    })());
  const start = () => void hydrate();

  /** Holds what the drawn form cannot do yet, to do it again under React. */
  const hold = (event: Event, again: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(again);
    start();
  };
  el.addEventListener(
    'submit',
    (event) => {
      if (hydrated) return;
      const form = event.target as HTMLFormElement;
      // Done again as a press of its button: React hydrates at once for a click on a tree it has not
      // hydrated yet, then the form submits to it; a submit event alone would go to the browser.
      const button = (event as SubmitEvent).submitter ?? form.querySelector<HTMLElement>('[type="submit"]');
      hold(event, () => (button ? button.click() : form.requestSubmit()));
    },
    true,
  );
  el.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest?.('button');
      // A submit button's click goes on to a submit (held above); links and checkboxes work as drawn.
      if (hydrated || !button || button.type !== 'button') return;
      hold(event, () => button.click());
    },
    true,
  );
  el.addEventListener(
    'keydown',
    (event) => {
      const tab = (event.target as Element).closest?.('[role="tab"]');
      if (hydrated || !tab || !TAB_KEYS.has(event.key)) return;
      hold(event, () => tab.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, bubbles: true, cancelable: true })));
    },
    true,
  );

  if (hydrateNowAsked() || storedKey(options.value)) {
    start();
    return;
  }
  for (const type of INTERACTIONS) el.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener(HYDRATE_NOW_EVENT, start, { once: true });
  for (const type of ['pointerdown', 'touchstart'] as const) document.addEventListener(type, () => void fetchIsland(), { once: true, passive: true });
};

export default hydrateFormOnInteraction;
