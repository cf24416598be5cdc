import { z } from 'zod';
import { prescriptionRequestNumberPattern } from './prescription-request-status';

/**
 * Paying for a pharmacist's proposal goes through the ordinary checkout: the create call names the
 * request (and a guest's key from the mailed link), and the server takes the request's lines,
 * prescription and address from the request itself.
 */
export const prescriptionRequestReferenceSchema = z.strictObject({
  number: z.string().regex(prescriptionRequestNumberPattern, 'prescriptionRequest.number must be a request number'),
  key: z.string().min(1).max(100).optional(),
});
export type PrescriptionRequestReference = z.infer<typeof prescriptionRequestReferenceSchema>;

/** The sentences a customer reads when a request cannot be paid as sent. */
export const REQUEST_PAYMENT_SENTENCES = {
  notFound: 'We could not find this prescription request. Check the link in your mail.',
  notYours: 'This request cannot be paid from here. Sign in to the account it was made from, or open the link in your mail.',
  expired: 'This request has expired: it was not approved within 7 days. Upload your prescription again to order.',
  rejected: 'Our pharmacist could not accept this request, so it cannot be paid.',
  waiting: 'Our pharmacist has not sent your medicines yet. You will get a mail and an SMS when they are ready.',
  paid: (orderNumber: string | null) => `This request is already paid${orderNumber ? `: it is order ${orderNumber}` : ''}. Nothing more is charged.`,
  notOnRequest: (name: string, number: string) => `${name} is not part of request ${number}. Only the medicines our pharmacist proposed can be paid here.`,
  aboveProposed: (name: string, most: number) => `You can buy at most ${most} of ${name}: that is what our pharmacist proposed from your prescription.`,
} as const;
