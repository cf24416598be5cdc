import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { partialChannelIssues } from '../../../domain/message-settings';
import { buildProviders, partialProviderIssues, presentEnv, serverEnvSchema, type PaymentProviders } from '../../checkout/server/public';
import { messageEnvShape, templateIdIssues } from '../../messages/server/public';

const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);

/**
 * The env every function past checkout reads (orders, prescription requests, reorders, the desk,
 * messages): the payment env with the guest link secret, plus the mail API and the SMS and WhatsApp
 * channels.
 */
export const serverDependenciesEnvSchema = serverEnvSchema.extend({
  MAIL_API_BASE: z.url({ error: 'MAIL_API_BASE must be a URL' }).default('https://api.resend.com'),
  MAIL_API_KEY: required('MAIL_API_KEY'),
  MAIL_FROM: required('MAIL_FROM'),
  ...messageEnvShape,
});
export type ServerDependenciesEnv = z.infer<typeof serverDependenciesEnvSchema>;

/** Validates that env; the error names each bad variable and never a value. */
export function parseServerDependenciesEnv(source: Record<string, string | undefined>): ServerDependenciesEnv {
  const present = presentEnv(source);
  const parsed = serverDependenciesEnvSchema.safeParse(present);
  const issues = [...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)), ...partialProviderIssues(present), ...partialChannelIssues(present), ...templateIdIssues(present)];
  if (!parsed.success || issues.length > 0) throw new Error(`Functions are misconfigured: ${issues.join('; ')}`);
  return parsed.data;
}

/** What those functions run against: the env, the database as the service role, the payment providers, fetch and the clock. */
export interface ServerDependencies {
  env: ServerDependenciesEnv;
  /** Supabase as the service role: the functions check who may see what themselves. */
  db: SupabaseClient;
  providers: PaymentProviders;
  fetcher: typeof fetch;
  now: () => Date;
}

/** Refunds need only the database and the providers (the desk builds them the same way). */
export type RefundDependencies = Pick<ServerDependencies, 'db' | 'providers'>;

export function buildServerDependencies(env: ServerDependenciesEnv, fetcher: typeof fetch = fetch, now: () => Date = () => new Date()): ServerDependencies {
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
