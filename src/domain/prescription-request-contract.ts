import { z } from 'zod';
import { deliveryDetailsSchema, orderLanguageSchema } from './payment-contract';
import { prescriptionRequestStatuses } from './prescription-request-status';

/** At most this many prescription pages in one request (a phone photo per page). */
export const MAX_REQUEST_FILES = 10;
export const MAX_NOTE_LENGTH = 500;

/**
 * POST /api/prescription-requests/submit: where to deliver, the files already uploaded to the
 * private bucket (the server reads their size and type from storage, not from here) and a note.
 * A guest names the folder they uploaded into with guestSessionId.
 */
export const submitRequestSchema = z.strictObject({
  delivery: deliveryDetailsSchema,
  note: z.string().max(MAX_NOTE_LENGTH, `Keep the note under ${MAX_NOTE_LENGTH} characters.`).optional(),
  files: z
    .array(z.strictObject({ path: z.string().min(1).max(300), name: z.string().min(1).max(255) }))
    .min(1, 'Add a photo or PDF of your prescription.')
    .max(MAX_REQUEST_FILES, `Add at most ${MAX_REQUEST_FILES} files.`),
  guestSessionId: z.uuid().optional(),
  /** The page's language: the request's messages, and the order it becomes, go out in it. */
  language: orderLanguageSchema,
});
export type SubmitRequest = z.infer<typeof submitRequestSchema>;

export const submitResponseSchema = z.object({ requestNumber: z.string(), key: z.string().optional() });

export const requestViewSchema = z.object({
  request_number: z.string(),
  status: z.enum(prescriptionRequestStatuses),
  note: z.string().nullable(),
  delivery_name: z.string(),
  delivery_pin_code: z.string(),
  rejection_reason: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  files: z.array(z.object({ file_name: z.string() })),
  /** The pharmacist's lines with today's selling price (null for a line the customer cannot have). */
  lines: z.array(
    z.object({
      product_id: z.number().nullable(),
      name: z.string(),
      line_status: z.enum(['proposed', 'unavailable', 'not_prescribed']),
      reason: z.string().nullable(),
      prescribed_quantity: z.number().int(),
      quantity: z.number().int(),
      price_paise: z.number().int().nullable(),
      mrp_paise: z.number().int().nullable(),
      cod_available: z.boolean(),
      /** A cheaper medicine of the same salt, form and pack, offered pack for pack in its place. */
      substitute: z.object({ product_id: z.number().int(), name: z.string(), price_paise: z.number().int(), cod_available: z.boolean() }).nullable().optional(),
    }),
  ),
  /** Where the order goes, as the checkout's delivery details (the server uses the request's own). */
  delivery: deliveryDetailsSchema,
  /** The order that paid for it, with its page (a guest's carries the key). */
  order: z.object({ order_number: z.string(), path: z.string() }).nullable(),
});
export type RequestView = z.infer<typeof requestViewSchema>;

/** The request's page: its number, and a guest's key (signed like a guest order link). */
export function requestPagePath(requestNumber: string, key?: string): string {
  const query = new URLSearchParams({ number: requestNumber, ...(key ? { key } : {}) });
  return `/prescription-request?${query}`;
}
