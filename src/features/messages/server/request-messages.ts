import { z } from 'zod';
import { messageWords, type MessageKind } from '../../../domain/messages';
import { prescriptionRequestStatusLabels, prescriptionRequestStatuses } from '../../../domain/prescription-request-status';
import type { ComposedMessage, MessageContext } from './message-types';
import { escapeHtml, requestPageLink, shortLink } from './links';

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

const SUBJECTS: Record<RequestMessageKind, (number: string) => string> = {
  request_received: (number) => `We have your prescription: request ${number}`,
  request_proposed: (number) => `Your medicines for request ${number} are ready to approve`,
  request_rejected: (number) => `Our pharmacist could not accept request ${number}`,
  request_expiring: (number) => `Request ${number}: approve by tomorrow to keep your medicines`,
  request_expired: (number) => `Request ${number} has expired`,
};

function introOf(kind: RequestMessageKind, request: Pick<MessageRequest, 'rejection_reason'>): string {
  if (kind === 'request_received') return 'Thank you. Our pharmacist will read your prescription and send you the medicines and prices to approve. Nothing is charged until you approve.';
  if (kind === 'request_proposed') return 'Our pharmacist has read your prescription. Open your request to see the medicines and prices, change quantities if you like, and approve and pay within 7 days.';
  if (kind === 'request_expiring') return 'The medicines our pharmacist proposed wait for you until tomorrow. Open your request to approve and pay before then.';
  if (kind === 'request_rejected') return `Our pharmacist could not accept your prescription: ${request.rejection_reason ?? ''}`.trim();
  return 'Your request was not approved within 7 days, so it has expired. Upload your prescription again to order.';
}

/** The mail's subject, text and HTML: what happened, the request's status and its page's link. */
export function composeRequestMail(
  kind: RequestMessageKind,
  request: Pick<MessageRequest, 'request_number' | 'status' | 'delivery_name' | 'rejection_reason'>,
  link: string,
): { subject: string; text: string; html: string } {
  const intro = introOf(kind, request);
  const status = prescriptionRequestStatusLabels[request.status];
  const text = [`Dear ${request.delivery_name},`, '', intro, '', `Request ${request.request_number}`, `Status: ${status}`, '', `See your request: ${link}`].join('\n');
  const html = `<p>Dear ${escapeHtml(request.delivery_name)},</p><p>${escapeHtml(intro)}</p><p>Request ${escapeHtml(request.request_number)}<br>Status: ${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">See your request</a></p>`;
  return { subject: SUBJECTS[kind](request.request_number), text, html };
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
    mail: () => composeRequestMail(kind, request, link),
    phoneValues: [request.request_number],
    shortLink: await shortLink(context.env, { type: 'request', id: request.request_number }),
  };
}
