import type { Config } from '@netlify/functions';
import { couponDeskHandler, SupabaseCouponDesk } from '../../src/features/marketing/server/coupon-desk';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';

let store: SupabaseCouponDesk | null = null;

export default (req: Request): Promise<Response> =>
  couponDeskHandler(req, () => {
    if (!store) {
      const env = parseServerDependenciesEnv(process.env);
      store = new SupabaseCouponDesk(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
    }
    return store;
  });

export const config: Config = { path: '/api/desk/coupons' };
