import { z } from 'zod';
import { pinCodeSchema } from '../../../domain/delivery-content';
import { partialShippingIssues, SHIPPING_SETTINGS } from '../../../domain/shipping-settings';
import { SHIPROCKET_API, type ShiprocketSettings } from './shiprocket';

/** The courier provider's variables, each optional (a group left out is the provider off). */
export const shippingEnvShape = {
  SHIPROCKET_EMAIL: z.email({ error: 'SHIPROCKET_EMAIL must be the API user’s email' }).optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().max(100).optional(),
  SHIPROCKET_PICKUP_PIN_CODE: pinCodeSchema.optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().min(24, 'SHIPROCKET_WEBHOOK_TOKEN needs at least 24 characters').optional(),
  SHIPROCKET_API_BASE: z.url({ error: 'SHIPROCKET_API_BASE must be a URL' }).optional(),
};
const shippingEnvSchema = z.object(shippingEnvShape);
export type ShippingEnv = z.infer<typeof shippingEnvSchema>;

/** The sentences for a group set in part (added to the env's other issues by name). */
export const shippingEnvIssues = (present: Readonly<Record<string, string | undefined>>): string[] => partialShippingIssues(present);

/** Shiprocket's settings when the whole group is set; null when the shop delivers only to its own zones. */
export function shiprocketSettings(env: ShippingEnv): ShiprocketSettings | null {
  if (!SHIPPING_SETTINGS.shiprocket.every((name) => Boolean(env[name]))) return null;
  return {
    email: env.SHIPROCKET_EMAIL!,
    password: env.SHIPROCKET_PASSWORD!,
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION!,
    pickupPinCode: env.SHIPROCKET_PICKUP_PIN_CODE!,
    webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN!,
    apiBase: env.SHIPROCKET_API_BASE ?? SHIPROCKET_API,
  };
}

/** Reads the group on its own (functions that need only shipping); the error names each bad variable. */
export function parseShippingEnv(source: Readonly<Record<string, string | undefined>>): ShippingEnv {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = shippingEnvSchema.safeParse(present);
  const issues = [...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)), ...shippingEnvIssues(present)];
  if (!parsed.success || issues.length > 0) throw new Error(`Functions are misconfigured: ${issues.join('; ')}`);
  return parsed.data;
}
