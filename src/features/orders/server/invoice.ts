import { z } from 'zod';
import { TAX_DOCUMENT_COLUMNS, taxDocumentSchema } from '../../../domain/tax-invoice';
import { HttpRefusal, jsonResponse, parseBody, respond } from '../../../lib/server/http';
import { accessibleOrder } from './order-access';
import type { ServerDependencies } from './server-dependencies';

const lookupSchema = z.object({ orderNumber: z.string().max(40), key: z.string().max(100).optional() });

/**
 * GET /api/orders/invoice?number=&key=: the order's GST tax invoice and any credit notes, for the
 * same people who may see the order (its owner signed in, or a guest with the order's key).
 * 404 with a sentence while the order has not shipped (the invoice is issued at dispatch).
 */
export const getInvoiceHandler = (req: Request, deps: () => ServerDependencies): Promise<Response> =>
  respond('/api/orders/invoice', async () => {
    if (req.method !== 'GET') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET`);
    const url = new URL(req.url);
    const lookup = parseBody(lookupSchema, { orderNumber: url.searchParams.get('number') ?? '', key: url.searchParams.get('key') ?? undefined });
    const dependencies = deps();
    const { order } = await accessibleOrder(dependencies, req, lookup.orderNumber, lookup.key);
    const { data, error } = await dependencies.db.from('tax_documents').select(TAX_DOCUMENT_COLUMNS).eq('order_id', order.id).order('issued_at').order('id');
    if (error) throw new Error(`reading the tax documents of ${order.order_number}: ${error.message}`);
    const documents = z.array(taxDocumentSchema).parse(data);
    if (documents.length === 0) throw new HttpRefusal(404, `The tax invoice of order ${order.order_number} is issued when it ships.`);
    return jsonResponse({ orderNumber: order.order_number, documents });
  });
