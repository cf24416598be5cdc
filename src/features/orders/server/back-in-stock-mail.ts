import { z } from 'zod';
import type { CatalogueIndex } from '../../checkout/server/public';
import { sendMail } from '../../messages/server/public';
import type { ServerDependencies } from './server-dependencies';

/**
 * The "notify me" mails. The database queues a request (stock_alerts.back_in_stock_at) when its
 * product comes back, whether by a stock import or by released reservations; this sends each
 * queued one once: the request is claimed (notified_at set while still null) before its mail goes
 * out, and a failed send gives the claim back for the next run.
 */

export type BackInStockDependencies = Pick<ServerDependencies, 'db' | 'env' | 'fetcher'> & { catalogue: CatalogueIndex };

const waitingSchema = z.array(z.object({ id: z.string(), product_id: z.number().int(), email: z.string() }));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function composeBackInStockMail(productName: string, productLink: string): { subject: string; text: string; html: string } {
  const intro = `${productName} is back in stock at MediKart. You asked us to tell you: order it while it lasts.`;
  return {
    subject: `${productName} is back in stock`,
    text: [intro, '', `See it: ${productLink}`, '', 'We sent this once, because you asked on the product page; there is nothing to unsubscribe from.'].join('\n'),
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(productLink)}">See ${escapeHtml(productName)}</a></p>
<p>We sent this once, because you asked on the product page; there is nothing to unsubscribe from.</p>`,
  };
}

/** Sends the queued back-in-stock mails (100 a call at most); never throws, answers how many went out. */
export async function sendBackInStockMails(deps: BackInStockDependencies, timeLeft: () => boolean = () => true): Promise<number> {
  try {
    const { data, error } = await deps.db
      .from('stock_alerts')
      .select('id, product_id, email')
      // Queued by now (a null, not queued, compares as nothing).
      .lte('back_in_stock_at', new Date().toISOString())
      .is('notified_at', null)
      .order('back_in_stock_at')
      .limit(100);
    if (error) throw new Error(error.message);
    const waiting = waitingSchema.parse(data);
    const products = await deps.catalogue.lookup([...new Set(waiting.map((alert) => alert.product_id))]);
    let sent = 0;
    for (const alert of waiting) {
      if (!timeLeft()) break;
      const claimed = await deps.db.from('stock_alerts').update({ notified_at: new Date().toISOString() }).eq('id', alert.id).is('notified_at', null).select('id');
      if (claimed.error) throw new Error(`claiming back-in-stock request ${alert.id}: ${claimed.error.message}`);
      if (claimed.data.length === 0) continue;
      const product = products.get(alert.product_id);
      if (!product) {
        // The product left the catalogue: there is nothing to come back to.
        console.error(`[back in stock] request ${alert.id}: product ${alert.product_id} is no longer in the catalogue; no mail sent`);
        continue;
      }
      try {
        const link = new URL(`/products/${product.id}`, deps.env.SITE_URL).toString();
        await sendMail(deps, alert.email, composeBackInStockMail(product.name, link), `back-in-stock/${alert.id}`);
        sent += 1;
      } catch (problem) {
        console.error(`[back in stock] request ${alert.id} not sent, left for the next run:`, problem);
        await deps.db.from('stock_alerts').update({ notified_at: null }).eq('id', alert.id);
      }
    }
    return sent;
  } catch (problem) {
    console.error('[back in stock] could not read the waiting requests:', problem);
    return 0;
  }
}
