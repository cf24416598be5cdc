import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { normaliseCouponCode, type Coupon, type CouponContext } from '../../../domain/coupon';
import type { CouponCheck } from './pricing';

/** What create-order and the check endpoint read of a code: the coupon, its uses so far, the customer's earlier orders, the owner's setting. */
export interface CouponStore {
  find(code: string): Promise<Coupon | null>;
  context(code: string, userId: string | null, mobile: string | null, now: Date): Promise<CouponContext>;
}

/** Who is asking: a signed-in customer by account, a guest by the mobile they typed (null when not typed yet). */
export interface CouponCustomer {
  userId: string | null;
  mobile: string | null;
}

/** The code as typed, looked up and put with what its rules need (the database checks the uses again, under a lock). */
export async function couponCheck(store: CouponStore | undefined, typed: string, customer: CouponCustomer, now: Date): Promise<CouponCheck> {
  const code = normaliseCouponCode(typed);
  const empty: CouponContext = { now, usesTotal: 0, usesByCustomer: 0, earlierOrders: 0, discountPrescriptionMedicines: false };
  if (!store || code.length === 0) return { code, coupon: null, context: empty };
  const coupon = await store.find(code);
  if (!coupon) return { code, coupon: null, context: empty };
  return { code, coupon, context: await store.context(coupon.code, customer.userId, customer.mobile, now) };
}

const COUPON_COLUMNS =
  'code, description, kind, percent_off, cap_paise, flat_paise, min_order_paise, starts_at, ends_at, total_uses, uses_per_customer, first_order_only, applies_to, product_ids, active';

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

export class SupabaseCouponStore implements CouponStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  }

  async find(code: string): Promise<Coupon | null> {
    const { data, error } = await this.client.from('coupons').select(COUPON_COLUMNS).eq('code', normaliseCouponCode(code)).maybeSingle<Coupon>();
    if (error) fail('reading the coupon', error);
    return data;
  }

  async context(code: string, userId: string | null, mobile: string | null, now: Date): Promise<CouponContext> {
    const [uses, earlier, settings] = await Promise.all([
      this.client.rpc('coupon_uses', { p_code: code, p_user_id: userId, p_mobile: mobile }),
      userId || mobile ? this.client.rpc('coupon_earlier_orders', { p_user_id: userId, p_mobile: mobile }) : Promise.resolve({ data: 0, error: null }),
      this.client.from('coupon_settings').select('discount_prescription_medicines').maybeSingle<{ discount_prescription_medicines: boolean }>(),
    ]);
    if (uses.error) fail('counting the coupon uses', uses.error);
    if (earlier.error) fail('counting earlier orders', earlier.error);
    if (settings.error) fail('reading the coupon settings', settings.error);
    const row = (Array.isArray(uses.data) ? uses.data[0] : uses.data) as { total: number; by_customer: number } | undefined;
    return {
      now,
      usesTotal: row?.total ?? 0,
      usesByCustomer: row?.by_customer ?? 0,
      earlierOrders: Number(earlier.data ?? 0),
      discountPrescriptionMedicines: settings.data?.discount_prescription_medicines === true,
    };
  }
}
