import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import deliveryContent from '../../../../.generated/delivery.json' with { type: 'json' };
import { parseDeliveryContent, type DeliveryContent } from '../../../domain/delivery-content';
import type { CourierAdapter } from './courier';
import { DeliveryCheck, MemoryServiceabilityCache } from './serviceability';
import { refusingUnknown, type DeliveryChecker } from './serviceability-handler';
import { parseShippingEnv, shiprocketSettings, type ShippingEnv } from './settings';
import { SupabaseServiceabilityCache } from './shipping-store';
import { ShiprocketClient, type ShiprocketSettings } from './shiprocket';
import type { DispatchDependencies } from './dispatch';

const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);
const databaseEnvSchema = z.object({ SUPABASE_URL: required('SUPABASE_URL'), SUPABASE_SERVICE_ROLE_KEY: required('SUPABASE_SERVICE_ROLE_KEY'), ORDER_LINK_SECRET: required('ORDER_LINK_SECRET') });

/** What the shipping functions run against; the functions and their tests build it. */
export interface ShippingDependencies {
  env: ShippingEnv;
  db: SupabaseClient;
  content: DeliveryContent;
  courier: CourierAdapter | null;
  shiprocket: ShiprocketSettings | null;
  check: DeliveryCheck;
  /** Checks a guest's signed order key (the parcel's page block). */
  orderLinkSecret: string;
  now: () => Date;
}

export function buildShippingDependencies(source: Readonly<Record<string, string | undefined>>, fetcher: typeof fetch = fetch, now: () => Date = () => new Date()): ShippingDependencies {
  const env = parseShippingEnv(source);
  const database = databaseEnvSchema.safeParse(source);
  if (!database.success) throw new Error(`Functions are misconfigured: ${database.error.issues.map((issue) => issue.message).join('; ')}`);
  const db = createClient(database.data.SUPABASE_URL, database.data.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const content = parseDeliveryContent(deliveryContent, '.generated/delivery.json');
  const shiprocket = shiprocketSettings(env);
  const courier = shiprocket ? new ShiprocketClient(shiprocket, fetcher, now) : null;
  return { env, db, content, courier, shiprocket, now, orderLinkSecret: database.data.ORDER_LINK_SECRET, check: new DeliveryCheck(content, courier, [new MemoryServiceabilityCache(), new SupabaseServiceabilityCache(db)]) };
}

let cached: ShippingDependencies | null = null;

/** Built once per function instance (its memory cache and the provider's token live as long). */
export function shippingDependencies(): ShippingDependencies {
  cached ??= buildShippingDependencies(process.env);
  return cached;
}

/** The check checkout's server settles an order with (own zone, else the courier provider). */
export function serverDeliveryChecker(deps: () => ShippingDependencies = shippingDependencies): DeliveryChecker {
  return refusingUnknown((pinCode, at) => deps().check.check(pinCode, at));
}

/** What the desk books parcels with; null when no courier provider is configured (own zones only). */
export function dispatchDependencies(deps: () => ShippingDependencies = shippingDependencies): DispatchDependencies | null {
  const built = deps();
  return built.courier ? { db: built.db, courier: built.courier, content: built.content, now: built.now } : null;
}
