import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { reorderPlanSchema } from '../../domain/reorder';
import { reorder } from '../../domain/strings/english/reorder';
import { fill } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { pageLanguage, pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';

// The page's words: English's, or the page's own language's on a page in another.
const words = () => pageText('reorder', reorder);
import { addToCart, catalogueLookup, quantityOf, $cart, setPrescription, setQuantity } from '../cart/public';
import { fillCart } from './fill-cart';

/** What the address asks to reorder: a past order (with a guest's key), or a refill reminder's line. */
export function reorderRequestOf(href: string): { orderNumber: string; key?: string } | { reminder: string; key: string } | null {
  const params = new URL(href).searchParams;
  const order = params.get('order');
  const reminder = params.get('reminder');
  const key = params.get('key');
  if (reminder && key) return { reminder, key };
  if (order) return { orderNumber: order, ...(key ? { key } : {}) };
  return null;
}

async function accessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session?.access_token ?? null;
}

function paragraph(text: string, attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement('p');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.textContent = text;
  return element;
}

function cartLink(): HTMLElement {
  const link = document.createElement('a');
  link.href = pathUnder(pagePathPrefix(), '/cart');
  link.className = 'mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white';
  link.textContent = words().goToCart;
  return link;
}

/**
 * /reorder?order=<number>[&key=] or ?reminder=<id>&key=: asks the server what of the order is sold
 * today, puts it in the cart and says, line by line, what did not go in and why. Plain DOM: the
 * page needs no framework, and a signed-in customer's page loads supabase-js only for the session.
 */
export async function showReorderPage(holder: HTMLElement): Promise<void> {
  const request = reorderRequestOf(window.location.href);
  if (!request) return void holder.replaceChildren(paragraph(words().missingLink, { role: 'alert', class: 'text-sm text-red-700' }));
  try {
    const token = 'reminder' in request ? null : await accessToken();
    const response = await fetch('/api/orders/reorder', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ ...request, language: pageLanguage() }),
    });
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = typeof answer === 'object' && answer !== null && 'error' in answer && typeof answer.error === 'string' ? answer.error : words().failed;
      return void holder.replaceChildren(paragraph(error, { role: 'alert', class: 'text-sm text-red-700' }));
    }
    const plan = reorderPlanSchema.parse(answer);
    const outcome = await fillCart(plan, {
      lookUp: catalogueLookup(),
      quantityOf: (productId) => quantityOf($cart.get(), productId),
      add: addToCart,
      setQuantity,
      setPrescription,
    }, words(), pageLocale());
    const [headline, ...rest] = outcome.sentences;
    const list = document.createElement('ul');
    list.className = 'mt-3 list-disc space-y-1 pl-5 text-sm text-gray-800';
    list.append(...rest.map((sentence) => Object.assign(document.createElement('li'), { textContent: sentence })));
    holder.replaceChildren(paragraph(fill(words().orderLine, { number: plan.orderNumber }), { class: 'text-sm text-gray-600' }), paragraph(headline ?? '', { role: 'status', class: 'mt-1 font-semibold text-gray-900' }), list, cartLink());
  } catch {
    holder.replaceChildren(paragraph(words().failed, { role: 'alert', class: 'text-sm text-red-700' }));
  }
}
