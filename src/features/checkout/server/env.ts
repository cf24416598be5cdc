import { z } from 'zod';

const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);
const url = (name: string) => z.url({ error: `${name} must be a URL` });

export const serverEnvSchema = z.object({
  SUPABASE_URL: required('SUPABASE_URL').pipe(url('SUPABASE_URL')),
  SUPABASE_SERVICE_ROLE_KEY: required('SUPABASE_SERVICE_ROLE_KEY'),
  RAZORPAY_KEY_ID: required('RAZORPAY_KEY_ID'),
  RAZORPAY_KEY_SECRET: required('RAZORPAY_KEY_SECRET'),
  RAZORPAY_WEBHOOK_SECRET: required('RAZORPAY_WEBHOOK_SECRET'),
  RAZORPAY_API_BASE: url('RAZORPAY_API_BASE').default('https://api.razorpay.com'),
  PHONEPE_CLIENT_ID: required('PHONEPE_CLIENT_ID'),
  PHONEPE_CLIENT_SECRET: required('PHONEPE_CLIENT_SECRET'),
  PHONEPE_CLIENT_VERSION: required('PHONEPE_CLIENT_VERSION'),
  PHONEPE_IDENTITY_BASE: url('PHONEPE_IDENTITY_BASE').default('https://api.phonepe.com/apis/identity-manager'),
  PHONEPE_PG_BASE: url('PHONEPE_PG_BASE').default('https://api.phonepe.com/apis/pg'),
  PHONEPE_WEBHOOK_USERNAME: required('PHONEPE_WEBHOOK_USERNAME'),
  PHONEPE_WEBHOOK_PASSWORD: required('PHONEPE_WEBHOOK_PASSWORD'),
  SITE_URL: url('SITE_URL').optional(),
  // Signs guest order links (src/domain/guest-order-link.ts); HMAC-SHA256 wants at least 32 bytes.
  ORDER_LINK_SECRET: required('ORDER_LINK_SECRET').refine((secret) => new TextEncoder().encode(secret).length >= 32, 'ORDER_LINK_SECRET needs at least 32 characters'),
});
export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class ServerEnvError extends Error {}

/** Validates the payment env; the error names each bad variable and never includes a value. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = serverEnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ServerEnvError(`Payment functions are misconfigured: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  return parsed.data;
}
