// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { warmPageScripts } from './warm-page';

const ORDER_PAGE = `<!DOCTYPE html><html><head>
<link rel="modulepreload" href="/_astro/order-view.js"><link rel="modulepreload" href="/_astro/schemas.js">
<script>/* the early call */</script><script type="application/ld+json">{}</script>
</head><body><script type="module" src="/_astro/BaseLayout.js"></script><script type="module" src="/_astro/view.js"></script>
<script type="module" src="/_astro/view.js"></script><script src="https://checkout.razorpay.com/v1/checkout.js"></script><script type="module" src="//cdn.example/x.js"></script></body></html>`;

const prefetched = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => [link.getAttribute('href'), link.crossOrigin]);

afterEach(() => document.head.replaceChildren());

describe("fetching the next page's scripts while the customer pays", () => {
  it("prefetches each of the page's own module scripts and preloads once, in the mode module scripts are fetched in", async () => {
    const asked: string[] = [];
    await warmPageScripts('/orders/view', async (input) => {
      asked.push(String(input));
      return new Response(ORDER_PAGE, { headers: { 'content-type': 'text/html' } });
    });
    expect(asked).toEqual(['/orders/view']);
    expect(prefetched()).toEqual([
      ['/_astro/order-view.js', 'anonymous'],
      ['/_astro/schemas.js', 'anonymous'],
      ['/_astro/BaseLayout.js', 'anonymous'],
      ['/_astro/view.js', 'anonymous'],
    ]);
  });

  it('does nothing, and throws nothing, when the page cannot be had', async () => {
    await warmPageScripts('/orders/view', async () => new Response('Not found', { status: 404 }));
    await warmPageScripts('/orders/view', async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(prefetched()).toEqual([]);
  });
});
