import { createClient } from '@supabase/supabase-js';
import { test as base } from '@playwright/test';
import { localEnv } from '../../../emulators/local-env';
import { anonKey } from '../../../emulators/supabase/jwt';
import { createConfirmedCustomer, uniqueEmail } from './inbox';

export interface WorkerCustomer {
  id: string;
  email: string;
  password: string;
}

async function workerCustomer(workerIndex: number): Promise<WorkerCustomer> {
  const customer = await createConfirmedCustomer(`Worker ${workerIndex} Customer`);
  const supabase = createClient(localEnv().SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.auth.signInWithPassword(customer);
  if (error) throw new Error(error.message);
  return { ...customer, id: data.user.id };
}

/**
 * Data of one Playwright worker, so specs in the parallel project never share a customer, a cart
 * or an inbox with a spec running beside them. A spec adopts it by importing `test` and `expect`
 * from here instead of '@playwright/test':
 *   test('…', async ({ page, customer, guestEmail }) => { … });
 * `customer` (id, email, password) is a confirmed account made once per worker (signed up and its mailed link followed,
 * as the sign-up page does); `guestEmail` is a fresh address per test for a guest's order mails.
 * A spec that needs the seeded demo customer, a staff account or counts across the whole shop
 * (desk queues, sales reports) goes in the 'one at a time' project instead (playwright.config.ts).
 */
export const test = base.extend<{ guestEmail: string }, { customer: WorkerCustomer }>({
  customer: [async ({}, use, workerInfo) => use(await workerCustomer(workerInfo.workerIndex)), { scope: 'worker' }],
  guestEmail: async ({}, use, testInfo) => use(uniqueEmail(`guest.worker${testInfo.workerIndex}`)),
});

export { expect } from '@playwright/test';
