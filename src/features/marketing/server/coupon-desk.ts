import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Coupon } from '../../../domain/coupon';
import { couponDeskRequestSchema, type CouponInput } from '../../../domain/coupon-input';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost, respond } from '../../../lib/server/http';

/** A coupon as the desk lists it: its rules and the uses its orders hold now. */
export type DeskCoupon = Coupon & { uses: number };

export interface CouponDeskStore {
  /** The role in a valid access token's app_metadata (only the service role writes it), or null for an invalid token. */
  roleOf(accessToken: string): Promise<{ userId: string; role: string | null } | null>;
  list(): Promise<{ coupons: DeskCoupon[]; discountPrescriptionMedicines: boolean }>;
  save(coupon: CouponInput, userId: string): Promise<void>;
}

export const MARKETING_ONLY = 'Coupons are managed by marketing staff.';

/** The caller, before anything of the body is read: signed in, and marketing. */
async function requireMarketing(req: Request, store: CouponDeskStore): Promise<string> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new HttpRefusal(401, 'Sign in with your staff account.');
  const caller = await store.roleOf(token);
  if (!caller) throw new HttpRefusal(401, 'Your session has ended. Sign in again.');
  if (caller.role !== 'marketing') throw new HttpRefusal(403, MARKETING_ONLY);
  return caller.userId;
}

/** POST /api/desk/coupons: marketing lists and saves coupon codes (see couponDeskRequestSchema). */
export function couponDeskHandler(req: Request, store: () => CouponDeskStore): Promise<Response> {
  return respond('desk coupons', async () => {
    requirePost(req);
    const coupons = store();
    const userId = await requireMarketing(req, coupons);
    const body = parseBody(couponDeskRequestSchema, parseJson(await readRawBody(req)));
    if (body.action === 'list') return jsonResponse(await coupons.list());
    await coupons.save(body.coupon, userId);
    return jsonResponse({ saved: body.coupon.code });
  });
}

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

export class SupabaseCouponDesk implements CouponDeskStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  }

  async roleOf(accessToken: string) {
    const { data, error } = await this.client.auth.getUser(accessToken);
    if (error && (error.status === undefined || error.status >= 500)) fail('checking the access token', error);
    if (!data.user) return null;
    const role = data.user.app_metadata?.role;
    return { userId: data.user.id, role: typeof role === 'string' ? role : null };
  }

  async list() {
    const [coupons, uses, settings] = await Promise.all([
      this.client.from('coupons').select('*').order('created_at', { ascending: false }),
      this.client.from('coupon_redemptions').select('coupon_code').eq('state', 'held'),
      this.client.from('coupon_settings').select('discount_prescription_medicines').maybeSingle<{ discount_prescription_medicines: boolean }>(),
    ]);
    if (coupons.error) fail('reading the coupons', coupons.error);
    if (uses.error) fail('reading the coupon uses', uses.error);
    if (settings.error) fail('reading the coupon settings', settings.error);
    const held = new Map<string, number>();
    for (const row of uses.data as { coupon_code: string }[]) held.set(row.coupon_code, (held.get(row.coupon_code) ?? 0) + 1);
    return {
      coupons: (coupons.data as Coupon[]).map((coupon) => ({ ...coupon, uses: held.get(coupon.code) ?? 0 })),
      discountPrescriptionMedicines: settings.data?.discount_prescription_medicines === true,
    };
  }

  async save(coupon: CouponInput, userId: string) {
    const { error } = await this.client.from('coupons').upsert({ ...coupon, updated_at: new Date().toISOString(), updated_by: userId }, { onConflict: 'code' });
    if (error) fail('saving the coupon', error);
  }
}
