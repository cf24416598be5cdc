import { z } from 'zod';
import { messageWords, type MessageKind } from '../../../domain/messages';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../domain/language';
import type { RequestMailWords } from '../../../domain/message-language';
import { prescriptionRequestStatuses } from '../../../domain/prescription-request-status';
import { fill } from '../../../domain/strings/format';
import type { ComposedMessage, MessageContext } from './message-types';
import { escapeHtml, requestPageLink, shortLink } from './links';
import { mailWordsIn } from './mail-words';

export type RequestMessageKind = Extract<MessageKind, 'request_received' | 'request_proposed' | 'request_rejected' | 'request_expiring' | 'request_expired'>;

const messageRequestSchema = z.object({
  id: z.string(),
  request_number: z.string(),
  status: z.enum(prescriptionRequestStatuses),
  delivery_name: z.string(),
  delivery_email: z.string(),
  delivery_mobile: z.string(),
  rejection_reason: z.string().nullable(),
  language: z.string(),
});
type MessageRequest = z.infer<typeof messageRequestSchema>;

function introOf(kind: RequestMessageKind, request: Pick<MessageRequest, 'rejection_reason'>, words: RequestMailWords): string {
  if (kind === 'request_received') return words.received;
  if (kind === 'request_proposed') return words.proposed;
  if (kind === 'request_expiring') return words.expiring;
  if (kind === 'request_rejected') return fill(words.rejected, { reason: request.rejection_reason ?? '' }).trim();
  return words.expired;
}

/** The mail's subject, text and HTML in the request's language: what happened, the request's status and its page's link. */
export function composeRequestMail(
  kind: RequestMessageKind,
  request: Pick<MessageRequest, 'request_number' | 'status' | 'delivery_name' | 'rejection_reason'>,
  link: string,
  language: LanguageCode = DEFAULT_LANGUAGE,
): { subject: string; text: string; html: string } {
  const words = mailWordsIn(language).request;
  const intro = introOf(kind, request, words);
  const dear = fill(words.dear, { name: request.delivery_name });
  const heading = fill(words.request, { number: request.request_number });
  const status = fill(words.status, { status: words.statuses[request.status] });
  const text = [dear, '', intro, '', heading, status, '', `${words.seeRequest}: ${link}`].join('\n');
  const html = `<p>${escapeHtml(dear)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(heading)}<br>${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(words.seeRequest)}</a></p>`;
  return { subject: fill(words.subjects[kind], { number: request.request_number }), text, html };
}

/** Reads the request and writes its message for every channel. */
export async function composeRequestMessage(context: MessageContext, kind: RequestMessageKind, requestId: string): Promise<ComposedMessage> {
  const read = await context.db
    .from('prescription_requests')
    .select('id, request_number, status, delivery_name, delivery_email, delivery_mobile, rejection_reason, language')
    .eq('id', requestId)
    .single();
  if (read.error) throw new Error(`reading the request: ${read.error.message}`);
  const request = messageRequestSchema.parse(read.data);
  const link = await requestPageLink(context.env, request);
  return {
    language: messageWords(kind, request.language).language,
    email: request.delivery_email,
    mobile: request.delivery_mobile,
    mail: () => composeRequestMail(kind, request, link, request.language),
    phoneValues: [request.request_number],
    shortLink: await shortLink(context.env, { type: 'request', id: request.request_number }),
  };
}
