import { z } from 'zod';
import { ChannelSendError } from './channel-error';

export interface MailSettings {
  MAIL_API_BASE: string;
  MAIL_API_KEY: string;
  MAIL_FROM: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** Resend's error body (https://resend.com/docs/api-reference/errors). */
const mailErrorSchema = z.object({ name: z.string(), message: z.string() });

/**
 * POST {MAIL_API_BASE}/emails with a bearer key (Resend's API); throws on anything but 2xx, naming
 * Resend's error (4xx other than 429 cannot succeed on a retry). The idempotency key makes a retry
 * after a lost answer the same mail, not a second one.
 */
export async function sendMail(
  mailer: { fetcher: typeof fetch; env: MailSettings },
  to: string,
  mail: ComposedMail,
  idempotencyKey: string,
): Promise<{ providerMessageId: string | null }> {
  let response: Response;
  try {
    response = await mailer.fetcher(new URL('/emails', mailer.env.MAIL_API_BASE), {
      method: 'POST',
      headers: { authorization: `Bearer ${mailer.env.MAIL_API_KEY}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ from: mailer.env.MAIL_FROM, to: [to], subject: mail.subject, text: mail.text, html: mail.html }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new ChannelSendError(`the mail API did not answer: ${error instanceof Error ? error.message : String(error)}`, false);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { providerMessageId: z.object({ id: z.string() }).safeParse(body).data?.id ?? null };
  const refused = mailErrorSchema.safeParse(body);
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429 && response.status !== 409;
  throw new ChannelSendError(`the mail API answered ${response.status}${refused.success ? ` (${refused.data.name}: ${refused.data.message})` : ''}`, permanent);
}
