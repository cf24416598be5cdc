import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { orderLineSchema } from '../../../domain/order-line-schema';
import type { StaffRole } from '../../../domain/desk';
import { orderStatuses, paymentStatuses, type OrderStatus } from '../../../domain/order-status';
import { PAYMENT_METHODS } from '../../../domain/payment-methods';
import { HttpRefusal } from '../../../lib/server/http';
import type { VerifiedUser } from './staff';


export const deskOrderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: z.enum(orderStatuses),
  payment_status: z.enum(paymentStatuses),
  provider: z.enum(PAYMENT_METHODS.map((method) => method.value)),
  provider_order_id: z.string(),
  provider_payment_id: z.string().nullable(),
  amount_paise: z.number().int(),
  currency: z.string(),
  lines: z.array(orderLineSchema),
  prescription_paths: z.array(z.string()),
});
export type DeskOrder = z.infer<typeof deskOrderSchema>;

const DESK_ORDER_COLUMNS = 'id, order_number, status, payment_status, provider, provider_order_id, provider_payment_id, amount_paise, currency, lines, prescription_paths';

export interface LineDecision {
  lineIndex: number;
  decision: 'accepted' | 'rejected';
  reason: string | null;
  note: string | null;
}

export interface Decider {
  id: string;
  name: string;
  registrationNumber: string;
}

export interface StaffMove {
  orderId: string;
  expectedStatus: OrderStatus;
  status: OrderStatus;
  actorRole: StaffRole;
  actorId: string;
  note: string | null;
  courierName?: string;
  trackingNumber?: string;
}

/** Everything the desk functions read and write, as the service role. */
export interface DeskStore {
  verifyAccessToken(accessToken: string): Promise<VerifiedUser | null>;
  findOrder(orderId: string): Promise<DeskOrder | null>;
  /** Records one decision; says whether it was the order's last and which lines were rejected. */
  decideLine(order: DeskOrder, expectedStatus: OrderStatus, prescriptionLines: number[], decision: LineDecision, by: Decider): Promise<{ allDecided: boolean; rejected: number[] }>;
  rejectedLines(orderId: string): Promise<number[]>;
  moveOrder(move: StaffMove): Promise<DeskOrder>;
  recordPrescriptionView(viewerId: string, viewerRole: StaffRole, orderId: string, path: string): Promise<void>;
  signedPrescriptionUrl(path: string, seconds: number): Promise<string>;
}

/** Turns the database's refusals into sentences for the staff member. */
function refusalOf(error: { code?: string; message: string }): HttpRefusal | null {
  const changed = error.message.match(/order (\S+) is now (\w+)/);
  if (error.code === '40001' && changed) {
    return new HttpRefusal(409, `Someone else has just changed order ${changed[1]}: it is now ${changed[2].replace('_', ' ')}. Reload to see the latest.`);
  }
  if (error.code === '23505') return new HttpRefusal(409, 'This line has already been decided by another pharmacist. Reload to see the decision.');
  if (error.code === '23514') return new HttpRefusal(409, `This cannot be done: ${error.message}.`);
  if (error.code === 'P0002') return new HttpRefusal(404, 'No such order.');
  return null;
}

function fail(what: string, error: { code?: string; message: string }): never {
  throw refusalOf(error) ?? new Error(`${what}: ${error.message}`);
}

export class SupabaseDeskStore implements DeskStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async verifyAccessToken(accessToken: string): Promise<VerifiedUser | null> {
    const { data, error } = await this.client.auth.getUser(accessToken);
    if (error && (error.status === undefined || error.status >= 500)) throw new Error(`checking the access token: ${error.message}`);
    return data.user ? { id: data.user.id, email: data.user.email, app_metadata: data.user.app_metadata } : null;
  }

  async findOrder(orderId: string): Promise<DeskOrder | null> {
    const { data, error } = await this.client.from('orders').select(DESK_ORDER_COLUMNS).eq('id', orderId).maybeSingle();
    if (error) fail('reading the order', error);
    return data ? deskOrderSchema.parse(data) : null;
  }

  async decideLine(order: DeskOrder, expectedStatus: OrderStatus, prescriptionLines: number[], decision: LineDecision, by: Decider) {
    const { data, error } = await this.client.rpc('decide_order_line', {
      p_order_id: order.id,
      p_expected_status: expectedStatus,
      p_line_index: decision.lineIndex,
      p_prescription_lines: prescriptionLines,
      p_decision: decision.decision,
      p_reason: decision.reason,
      p_note: decision.note,
      p_pharmacist_id: by.id,
      p_pharmacist_name: by.name,
      p_registration_number: by.registrationNumber,
    });
    if (error) fail('recording the decision', error);
    const result = z.object({ all_decided: z.boolean(), rejected: z.array(z.number().int()) }).parse(data);
    return { allDecided: result.all_decided, rejected: result.rejected };
  }

  async rejectedLines(orderId: string): Promise<number[]> {
    const { data, error } = await this.client.from('order_line_decisions').select('line_index').eq('order_id', orderId).eq('decision', 'rejected');
    if (error) fail('reading the decisions', error);
    return z.array(z.object({ line_index: z.number().int() })).parse(data).map((row) => row.line_index);
  }

  async moveOrder(move: StaffMove): Promise<DeskOrder> {
    const { error } = await this.client.rpc('move_order_as_staff', {
      p_order_id: move.orderId,
      p_expected_status: move.expectedStatus,
      p_status: move.status,
      p_actor_role: move.actorRole,
      p_actor_id: move.actorId,
      p_note: move.note,
      p_courier_name: move.courierName ?? null,
      p_tracking_number: move.trackingNumber ?? null,
    });
    if (error) fail('moving the order', error);
    const moved = await this.findOrder(move.orderId);
    if (!moved) throw new Error(`order ${move.orderId} vanished while moving`);
    return moved;
  }

  async recordPrescriptionView(viewerId: string, viewerRole: StaffRole, orderId: string, path: string): Promise<void> {
    const { error } = await this.client.from('prescription_views').insert({ viewer_id: viewerId, viewer_role: viewerRole, order_id: orderId, file_path: path });
    if (error) fail('recording the prescription view', error);
  }

  async signedPrescriptionUrl(path: string, seconds: number): Promise<string> {
    const { data, error } = await this.client.storage.from('prescriptions').createSignedUrl(path, seconds);
    if (error || !data) throw new HttpRefusal(404, 'This prescription file could not be found.');
    return data.signedUrl;
  }
}
