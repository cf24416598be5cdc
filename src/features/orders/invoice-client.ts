import { z } from 'zod';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { taxDocumentSchema, type TaxDocument } from '../../domain/tax-invoice';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import { order } from '../../domain/strings/english/order';
import { pageLanguage, pageText } from '../../lib/browser/page-text';

export type InvoiceLoad = { kind: 'shown'; documents: TaxDocument[] } | { kind: 'refused'; message: string };

const answerSchema = z.object({ documents: z.array(taxDocumentSchema) });
const refusalSchema = z.object({ error: z.string() });

/** The order's invoice and credit notes through the function, as its owner (signed in) or with the guest key. */
export async function loadInvoice(orderNumber: string, key: string | null): Promise<InvoiceLoad> {
  let token: string | null = null;
  if (hasStoredSession()) token = (await (await loadSupabase()).auth.getSession()).data.session?.access_token ?? null;
  // The page's language, for the function's sentences; left out on the default language's pages.
  const query = new URLSearchParams({ number: orderNumber, ...(key ? { key } : {}), ...(pageLanguage() === DEFAULT_LANGUAGE ? {} : { language: pageLanguage() }) });
  const response = await fetch(`/api/orders/invoice?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'shown', documents: answerSchema.parse(body).documents };
  const refusal = refusalSchema.safeParse(body);
  return { kind: 'refused', message: refusal.success ? refusal.data.error : pageText('order', order).cannotShow };
}
