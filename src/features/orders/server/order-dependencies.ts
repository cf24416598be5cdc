import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { partialChannelIssues } from '../../../domain/message-settings';
import { buildProviders, partialProviderIssues, presentEnv, serverEnvSchema, type PaymentProviders } from '../../checkout/server/public';
import { messageEnvShape, templateIdIssues } from '../../messages/server/public';

const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);

/** The payment env (with the guest link secret) plus what the order functions add: the mail API and the SMS and WhatsApp channels. */
export const orderEnvSchema = serverEnvSchema.extend({
  MAIL_API_BASE: z.url({ error: 'MAIL_API_BASE must be a URL' }).default('https://api.resend.com'),
  MAIL_API_KEY: required('MAIL_API_KEY'),
  MAIL_FROM: required('MAIL_FROM'),
  ...messageEnvShape,
});
export type OrderEnv = z.infer<typeof orderEnvSchema>;

/** Validates the order functions' env; the error names each bad variable and never a value. */
export function parseOrderEnv(source: Record<string, string | undefined>): OrderEnv {
  const present = presentEnv(source);
  const parsed = orderEnvSchema.safeParse(present);
  const issues = [...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)), ...partialProviderIssues(present), ...partialChannelIssues(present), ...templateIdIssues(present)];
  if (!parsed.success || issues.length > 0) throw new Error(`Order functions are misconfigured: ${issues.join('; ')}`);
  return parsed.data;
}

/** What refunds, cancellation, the order page, messages and reconciliation run against. */
export interface OrderDependencies {
  env: OrderEnv;
  /** Supabase as the service role: order functions check who may see what themselves. */
  db: SupabaseClient;
  providers: PaymentProviders;
  fetcher: typeof fetch;
  now: () => Date;
}

/** Refunds need only the database and the providers (the desk builds them the same way). */
export type RefundDependencies = Pick<OrderDependencies, 'db' | 'providers'>;

export function buildOrderDependencies(env: OrderEnv, fetcher: typeof fetch = fetch, now: () => Date = () => new Date()): OrderDependencies {
  return {
    env,
    db: createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
    providers: buildProviders(env, fetcher),
    fetcher,
    now,
  };
}
