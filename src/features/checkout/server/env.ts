import { z } from 'zod';
import { PAYMENT_SECRETS } from '../../../domain/payment-secrets';

const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);
const url = (name: string) => z.url({ error: `${name} must be a URL` });

/** Each method's secrets as a group (src/domain/payment-secrets.ts says why groups). */
export const PROVIDER_SECRETS = PAYMENT_SECRETS;
export type OnlineProvider = keyof typeof PROVIDER_SECRETS;

export const serverEnvSchema = z.object({
  SUPABASE_URL: required('SUPABASE_URL').pipe(url('SUPABASE_URL')),
  SUPABASE_SERVICE_ROLE_KEY: required('SUPABASE_SERVICE_ROLE_KEY'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_BASE: url('RAZORPAY_API_BASE').default('https://api.razorpay.com'),
  PHONEPE_CLIENT_ID: z.string().optional(),
  PHONEPE_CLIENT_SECRET: z.string().optional(),
  PHONEPE_CLIENT_VERSION: z.string().optional(),
  PHONEPE_IDENTITY_BASE: url('PHONEPE_IDENTITY_BASE').default('https://api.phonepe.com/apis/identity-manager'),
  PHONEPE_PG_BASE: url('PHONEPE_PG_BASE').default('https://api.phonepe.com/apis/pg'),
  PHONEPE_WEBHOOK_USERNAME: z.string().optional(),
  PHONEPE_WEBHOOK_PASSWORD: z.string().optional(),
  // The shop's public origin for links in mails and PhonePe's return address: SITE_URL, else the
  // URL Netlify sets for every deploy (parseServerEnv fills it in).
  SITE_URL: z.url({ error: 'SITE_URL is not set (nor Netlify’s URL): the origin links in mails and payment returns point to' }),
  // Signs guest order links (src/domain/guest-order-link.ts); HMAC-SHA256 wants at least 32 bytes.
  ORDER_LINK_SECRET: required('ORDER_LINK_SECRET').refine((secret) => new TextEncoder().encode(secret).length >= 32, 'ORDER_LINK_SECRET needs at least 32 characters'),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

type ProviderEnv<P extends OnlineProvider> = ServerEnv & Record<(typeof PROVIDER_SECRETS)[P][number], string>;
export type RazorpayEnv = ProviderEnv<'razorpay'>;
export type PhonePeEnv = ProviderEnv<'phonepe'>;

/** The env narrowed to a provider whose every secret is set, or null when the shop runs without it. */
export function providerEnv<P extends OnlineProvider>(env: ServerEnv, provider: P): ProviderEnv<P> | null {
  return PROVIDER_SECRETS[provider].every((name) => Boolean(env[name])) ? (env as ProviderEnv<P>) : null;
}

export class ServerEnvError extends Error {}

/** Set variables only (an empty one counts as unset), with Netlify's URL standing in for an unset SITE_URL. */
export function presentEnv(source: Record<string, string | undefined>): Record<string, string> {
  const present = Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  if (!present.SITE_URL && present.URL) present.SITE_URL = present.URL;
  return present;
}

/** One sentence per provider group set in part: the variables it still needs. */
export function partialProviderIssues(present: Readonly<Record<string, string>>): string[] {
  return Object.values(PROVIDER_SECRETS).flatMap((names) => {
    const missing = names.filter((name) => !present[name]);
    return missing.length > 0 && missing.length < names.length ? missing.map((name) => `${name} is not set`) : [];
  });
}

/** Validates the server env; the error names each bad variable and never includes a value. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const present = presentEnv(source);
  const parsed = serverEnvSchema.safeParse(present);
  const issues = [...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)), ...partialProviderIssues(present)];
  if (!parsed.success || issues.length > 0) throw new ServerEnvError(`Functions are misconfigured: ${issues.join('; ')}`);
  return parsed.data;
}
