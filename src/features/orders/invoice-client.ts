import { z } from 'zod';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { taxDocumentSchema, type TaxDocument } from '../../domain/tax-invoice';
import { orderStrings } from '../../domain/order-strings';

export type InvoiceLoad = { kind: 'shown'; documents: TaxDocument[] } | { kind: 'refused'; message: string };

const answerSchema = z.object({ documents: z.array(taxDocumentSchema) });
const refusalSchema = z.object({ error: z.string() });

/** The order's invoice and credit notes through the function, as its owner (signed in) or with the guest key. */
export async function loadInvoice(orderNumber: string, key: string | null): Promise<InvoiceLoad> {
  let token: string | null = null;
  if (hasStoredSession()) token = (await (await loadSupabase()).auth.getSession()).data.session?.access_token ?? null;
  const query = new URLSearchParams({ number: orderNumber, ...(key ? { key } : {}) });
  const response = await fetch(`/api/orders/invoice?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'shown', documents: answerSchema.parse(body).documents };
  const refusal = refusalSchema.safeParse(body);
  return { kind: 'refused', message: refusal.success ? refusal.data.error : orderStrings.cannotShow };
}
