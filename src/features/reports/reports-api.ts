import { z } from 'zod';
import { dailySalesSchema, type DailySales } from '../../domain/daily-sales';
import type { StaffSession } from '../desk/public';

const amountsSchema = z.object({ taxablePaise: z.number(), cgstPaise: z.number(), sgstPaise: z.number(), igstPaise: z.number(), totalPaise: z.number() });

/** What /api/desk/reports answers for a month (the GSTR-1 file is handed on as it came). */
export const monthAnswerSchema = z.object({
  month: z.string(),
  fileName: z.string(),
  gstr1: z.record(z.string(), z.unknown()),
  problems: z.array(z.string()),
  gstr3b: z.object({
    outwardTaxable: z.object({ byRate: z.array(amountsSchema.extend({ rate: z.number() })), total: amountsSchema }),
    nilRatedPaise: z.number(),
    interStateUnregistered: z.array(z.object({ stateCode: z.string(), state: z.string(), taxablePaise: z.number(), igstPaise: z.number() })),
  }),
  totals: z.object({ invoices: amountsSchema, creditNotes: amountsSchema, net: amountsSchema }),
  counts: z.object({ invoices: z.number(), creditNotes: z.number() }),
});
export type MonthAnswer = z.infer<typeof monthAnswerSchema>;

const refusalSchema = z.object({ error: z.string() });
export const REPORTS_FAILED = 'The report could not be loaded. Try again in a moment.';

/** Calls /api/desk/reports as the signed-in owner: the answer, or the sentence to show. */
async function call(staff: StaffSession, body: unknown): Promise<{ ok: true; response: Response } | { ok: false; message: string }> {
  const { data } = await staff.client.auth.getSession();
  const token = data.session?.access_token ?? staff.session.access_token;
  try {
    const response = await fetch('/api/desk/reports', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    if (response.ok) return { ok: true, response };
    const refusal = refusalSchema.safeParse(await response.json().catch(() => null));
    return { ok: false, message: refusal.success ? refusal.data.error : REPORTS_FAILED };
  } catch {
    return { ok: false, message: 'The desk could not reach the server. Check the connection and try again.' };
  }
}

export async function loadMonth(staff: StaffSession, month: string): Promise<{ ok: true; value: MonthAnswer } | { ok: false; message: string }> {
  const answer = await call(staff, { report: 'month', month });
  if (!answer.ok) return answer;
  const parsed = monthAnswerSchema.safeParse(await answer.response.json());
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: REPORTS_FAILED };
}

export async function loadCsv(staff: StaffSession, month: string): Promise<{ ok: true; value: string } | { ok: false; message: string }> {
  const answer = await call(staff, { report: 'csv', month });
  return answer.ok ? { ok: true, value: await answer.response.text() } : answer;
}

export async function loadDaily(staff: StaffSession, from: string, to: string): Promise<{ ok: true; value: DailySales } | { ok: false; message: string }> {
  const answer = await call(staff, { report: 'daily', from, to });
  if (!answer.ok) return answer;
  const parsed = dailySalesSchema.safeParse(await answer.response.json());
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: REPORTS_FAILED };
}

/** Hands a text to the browser as a file download. */
export function saveFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
