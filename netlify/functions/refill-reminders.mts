import type { Config } from '@netlify/functions';
import { productionServerDependencies } from '../../src/features/orders/server/production';
import { scheduledClock } from '../../src/features/reorder/server/production';
import { sendRefillReminders } from '../../src/features/reorder/server/refills';

/** Every morning (06:00 IST): refill reminders due today are queued and mailed (and texted); waiting ones retried. */
export default async (req: Request): Promise<Response> => {
  const report = await sendRefillReminders(await scheduledClock(req, productionServerDependencies()));
  console.log(`[refill reminders] ${JSON.stringify(report)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '30 0 * * *',
};
