import { z } from 'zod';
import { TAX_DOCUMENT_COLUMNS, taxDocumentSchema } from '../../../domain/tax-invoice';
import { HttpRefusal, jsonResponse, parseBody, respond } from '../../../lib/server/http';
import { accessibleOrder } from './order-access';
import { orderLanguageSchema } from '../../../domain/payment-contract';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';
import { answeredIn } from '../../../lib/server/answered-in';
import type { ServerDependencies } from './server-dependencies';

const lookupSchema = z.object({ orderNumber: z.string().max(40), key: z.string().max(100).optional(), language: orderLanguageSchema });

/**
 * GET /api/orders/invoice?number=&key=[&language=]: the order's GST tax invoice and any credit notes,
 * for the same people who may see the order (its owner signed in, or a guest with the order's key).
 * 404 with a sentence while the order has not shipped (the invoice is issued at dispatch); its
 * refusals are said in the invoice page's language.
 */
export const getInvoiceHandler = (req: Request, deps: () => ServerDependencies): Promise<Response> =>
  respond('/api/orders/invoice', async () => {
    if (req.method !== 'GET') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET`);
    const url = new URL(req.url);
    const lookup = parseBody(lookupSchema, { orderNumber: url.searchParams.get('number') ?? '', key: url.searchParams.get('key') ?? undefined, language: url.searchParams.get('language') ?? undefined });
    return answeredIn(lookup.language, () => invoiceAnswer(req, deps(), lookup));
  });

async function invoiceAnswer(req: Request, dependencies: ServerDependencies, lookup: z.output<typeof lookupSchema>): Promise<Response> {
  const { order } = await accessibleOrder(dependencies, req, lookup.orderNumber, lookup.key);
  const { data, error } = await dependencies.db.from('tax_documents').select(TAX_DOCUMENT_COLUMNS).eq('order_id', order.id).order('issued_at').order('id');
  if (error) throw new Error(`reading the tax documents of ${order.order_number}: ${error.message}`);
  const documents = z.array(taxDocumentSchema).parse(data);
  if (documents.length === 0) throw new HttpRefusal(404, fill(refusals.invoiceNotYet, { number: order.order_number }));
  return jsonResponse({ orderNumber: order.order_number, documents });
}
