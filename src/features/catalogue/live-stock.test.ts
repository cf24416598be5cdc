// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFY_FAILED, NOTIFY_INVALID_EMAIL, NOTIFY_SAVED } from './catalogue-strings';
import { showLiveStock } from './live-stock';

/*
 * A product page built on sale carries "Notify me" in an inert template (NotifyMeForm.astro): the
 * page shows it, working, only when the request after load says the product is sold out.
 */

const NAME = 'Carboxymethylcellulose Eye Drops';
const productPage = `
  <p data-stock-product="17" data-stock-name="${NAME}" data-sold-out="This product is currently sold out." role="status" hidden></p>
  <template data-live-notify-me>
    <form data-notify-me data-product-id="17" data-saved="${NOTIFY_SAVED}" data-invalid-email="${NOTIFY_INVALID_EMAIL}" data-failed="${NOTIFY_FAILED}" novalidate>
      <label for="notify-email">Email for a back-in-stock alert about ${NAME}</label>
      <input id="notify-email" name="email" type="email" />
      <button type="submit">Notify me</button>
      <p data-notify-status role="status"></p>
    </form>
  </template>
  <div data-cart-control class="contents"><button data-cart-action="add">Add to Cart</button></div>`;

function pageWithStock(available: number): void {
  document.body.innerHTML = productPage;
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ 17: available })));
}

/** Lets an import() already loaded settle, so a form that was going to appear has appeared. */
const settle = async () => {
  await import('./notify-me');
  await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => vi.unstubAllGlobals());

describe('"Notify me" on a product the live request finds sold out', () => {
  it('appears beside the sold-out notice and answers a submit itself', async () => {
    pageWithStock(0);
    await showLiveStock();
    await vi.waitFor(() => expect(document.querySelector('form[data-notify-me]')).not.toBeNull());
    expect(document.querySelector('[data-stock-product]')?.textContent).toBe('This product is currently sold out.');
    expect(document.querySelector('template[data-live-notify-me]')).toBeNull();

    const form = document.querySelector<HTMLFormElement>('form[data-notify-me]')!;
    form.querySelector('input')!.value = 'not an email';
    form.querySelector('button')!.click();
    expect(form.querySelector('[data-notify-status]')?.textContent).toBe(NOTIFY_INVALID_EMAIL);
  });

  it('stays out of the page while the product can be bought', async () => {
    pageWithStock(3);
    await showLiveStock();
    await settle();
    expect(document.querySelector('form[data-notify-me]')).toBeNull();
    expect(document.querySelector('template[data-live-notify-me]')).not.toBeNull();
    expect(document.querySelector('[data-stock-product]')?.textContent).toBe('Only 3 left');
  });
});
