import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { CourierQuote } from '../../../domain/shipping';
import type { ServiceabilityCache } from './serviceability';

const couriersSchema = z.array(z.object({ courierId: z.number().int(), name: z.string(), etaDays: z.number().int().min(0), ratePaise: z.number().int(), cod: z.boolean() }));

/** The answers every function instance shares (public.shipping_serviceability), one row per PIN code and India day. */
export class SupabaseServiceabilityCache implements ServiceabilityCache {
  constructor(private readonly db: SupabaseClient) {}

  async get(pinCode: string, day: string): Promise<CourierQuote[] | undefined> {
    const { data, error } = await this.db.from('shipping_serviceability').select('couriers').eq('pin_code', pinCode).eq('india_date', day).maybeSingle();
    if (error) throw new Error(`reading the serviceability of ${pinCode}: ${error.message}`);
    return data ? couriersSchema.parse(data.couriers) : undefined;
  }

  async put(pinCode: string, day: string, couriers: CourierQuote[]): Promise<void> {
    // The first answer of the day stands: a second instance asking at the same moment adds nothing.
    const { error } = await this.db.from('shipping_serviceability').upsert({ pin_code: pinCode, india_date: day, couriers }, { onConflict: 'pin_code,india_date', ignoreDuplicates: true });
    if (error) throw new Error(`keeping the serviceability of ${pinCode}: ${error.message}`);
  }
}
