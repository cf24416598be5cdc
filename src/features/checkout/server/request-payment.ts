import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { DeliveryRoute } from '../../../domain/shipping-route';
import type { OrderLineRequest } from '../../../domain/payment-contract';
import { isRequestKey } from '../../../domain/prescription-request-link';
import { REQUEST_PAYMENT_SENTENCES as SAY, type PrescriptionRequestReference } from '../../../domain/prescription-request-payment';
import { prescriptionRequestStatuses } from '../../../domain/prescription-request-status';
import type { Buyer } from './buyer';
import { HttpRefusal } from '../../../lib/server/http';
import type { DeliveryChecker } from './order-delivery';
import type { OrderDelivery } from './order-store';
import type { ReorderIndex } from './reorder-index';
import { refusals } from '../../../domain/strings/english/refusals';

/** A proposal the customer may pay for, as the checkout settles it: where it goes, its prescription, the quantities kept. */
export interface RequestPayment {
  requestId: string;
  delivery: OrderDelivery;
  zone: DeliveryRoute;
  prescriptionPaths: string[];
  /** Quantity kept per request line id; lines left out are removed. */
  quantities: Record<string, number>;
}

export interface RequestPayments {
  /** Checks the request may be paid by this buyer with these lines, or refuses with the customer's sentence. */
  prepare(reference: PrescriptionRequestReference, buyer: Buyer, lines: readonly OrderLineRequest[], checkDelivery: DeliveryChecker, now: Date): Promise<RequestPayment>;
  /** Records the approval and ties the order to the request (before anything can pay or accept the order). */
  approve(payment: RequestPayment, orderId: string): Promise<void>;
}

const requestSchema = z.object({
  id: z.string(),
  request_number: z.string(),
  user_id: z.string().nullable(),
  status: z.enum(prescriptionRequestStatuses),
  expires_at: z.string().nullable(),
  order_id: z.string().nullable(),
  delivery_name: z.string(),
  delivery_mobile: z.string(),
  delivery_email: z.string(),
  delivery_line1: z.string(),
  delivery_line2: z.string().nullable(),
  delivery_city: z.string(),
  delivery_state: z.string(),
  delivery_pin_code: z.string(),
  prescription_request_lines: z.array(z.object({ id: z.number(), product_id: z.number().nullable(), name: z.string(), line_status: z.string(), prescribed_quantity: z.number() })),
  prescription_request_files: z.array(z.object({ file_path: z.string() })),
});
type PayableRequest = z.infer<typeof requestSchema>;

const REQUEST_COLUMNS =
  'id, request_number, user_id, status, expires_at, order_id, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code';

/** Why this request cannot be paid now, or null when its proposal is open. */
async function closedSentence(db: SupabaseClient, request: PayableRequest, now: Date): Promise<string | null> {
  if (request.status === 'paid') {
    const order = request.order_id ? await db.from('orders').select('order_number').eq('id', request.order_id).maybeSingle<{ order_number: string }>() : null;
    return SAY.paid(order?.data?.order_number ?? null);
  }
  if (request.status === 'expired' || (request.expires_at !== null && new Date(request.expires_at) <= now)) return SAY.expired;
  if (request.status === 'rejected') return SAY.rejected;
  if (request.status === 'submitted' || request.status === 'in_review') return SAY.waiting;
  return null;
}

/**
 * The quantities kept per line, each within what the pharmacist proposed. A line may be the proposed
 * medicine's cheaper substitute of the same salt, form and pack (the proposal offers it), pack for pack.
 */
function keptQuantities(request: PayableRequest, lines: readonly OrderLineRequest[], substitutes: ReadonlyMap<number, number>): Record<string, number> {
  const quantities: Record<string, number> = {};
  for (const line of lines) {
    const proposed = request.prescription_request_lines.find(
      (candidate) => candidate.line_status === 'proposed' && candidate.product_id !== null && (candidate.product_id === line.productId || substitutes.get(candidate.product_id) === line.productId),
    );
    if (!proposed) throw new HttpRefusal(422, SAY.notOnRequest(`Product ${line.productId}`, request.request_number));
    if (line.quantity > proposed.prescribed_quantity) throw new HttpRefusal(422, SAY.aboveProposed(proposed.name, proposed.prescribed_quantity));
    if (quantities[String(proposed.id)] !== undefined) throw new HttpRefusal(422, SAY.aboveProposed(proposed.name, proposed.prescribed_quantity));
    quantities[String(proposed.id)] = line.quantity;
  }
  return quantities;
}

export class SupabaseRequestPayments implements RequestPayments {
  private readonly db: SupabaseClient;

  constructor(
    supabaseUrl: string,
    serviceRoleKey: string,
    private readonly linkSecret: string,
    private readonly reorder: ReorderIndex,
  ) {
    this.db = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  }

  async prepare(reference: PrescriptionRequestReference, buyer: Buyer, lines: readonly OrderLineRequest[], checkDelivery: DeliveryChecker, now: Date): Promise<RequestPayment> {
    const { data, error } = await this.db.from('prescription_requests').select(REQUEST_COLUMNS).eq('request_number', reference.number).maybeSingle();
    if (error) throw new Error(`reading request ${reference.number}: ${error.message}`);
    if (!data) throw new HttpRefusal(404, SAY.notFound);
    const id = z.object({ id: z.string() }).parse(data).id;
    // Three plain reads: the local emulator answers no embedded selects.
    const [lineRows, fileRows] = await Promise.all([
      this.db.from('prescription_request_lines').select('id, product_id, name, line_status, prescribed_quantity').eq('request_id', id).order('position'),
      this.db.from('prescription_request_files').select('file_path').eq('request_id', id).order('id'),
    ]);
    if (lineRows.error || fileRows.error) throw new Error(`reading request ${reference.number}: ${(lineRows.error ?? fileRows.error)!.message}`);
    const request = requestSchema.parse({ ...data, prescription_request_lines: lineRows.data, prescription_request_files: fileRows.data });
    const owner = buyer.kind === 'customer' && buyer.userId === request.user_id;
    if (!owner && !(reference.key && (await isRequestKey(request.id, reference.key, this.linkSecret)))) throw new HttpRefusal(403, SAY.notYours);
    const closed = await closedSentence(this.db, request, now);
    if (closed) throw new HttpRefusal(409, closed);
    const proposedIds = request.prescription_request_lines.flatMap((line) => (line.line_status === 'proposed' && line.product_id !== null ? [line.product_id] : []));
    const facts = proposedIds.length > 0 ? await this.reorder.lookup(proposedIds) : new Map();
    const substitutes = new Map(proposedIds.flatMap((productId) => (facts.get(productId)?.substitute ? [[productId, facts.get(productId)!.substitute!.id] as const] : [])));
    const quantities = keptQuantities(request, lines, substitutes);
    // Checked again as any order is: the request was recorded days ago, and a courier's answer may have changed.
    const check = await checkDelivery(request.delivery_pin_code, now);
    if (!check.serviceable) throw new HttpRefusal(422, check.message);
    return {
      requestId: request.id,
      zone: check.zone,
      prescriptionPaths: request.prescription_request_files.map((file) => file.file_path),
      quantities,
      delivery: {
        name: request.delivery_name,
        mobile: request.delivery_mobile,
        email: request.delivery_email,
        line1: request.delivery_line1,
        line2: request.delivery_line2,
        city: request.delivery_city,
        state: request.delivery_state,
        pinCode: check.pinCode,
        zoneId: check.zone.id,
        promisedDate: check.promisedDate,
        // The request already has its own messages; WhatsApp consent is asked at checkout and in the account.
        whatsappUpdates: false,
      },
    };
  }

  async approve(payment: RequestPayment, orderId: string): Promise<void> {
    const { error } = await this.db.rpc('approve_prescription_request', { p_request_id: payment.requestId, p_quantities: payment.quantities, p_order_id: orderId });
    if (error?.code === '40001') throw new HttpRefusal(409, refusals.requestChanged);
    if (error) throw new Error(`approving request ${payment.requestId}: ${error.message}`);
  }
}
