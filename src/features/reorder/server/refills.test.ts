import { describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { guestOrderToken, isGuestOrderToken } from '../../../domain/guest-order-link';
import { isRefillOrderKey, isRefillStopKey, refillOrderKey, refillStopKey } from '../../../domain/refill-link';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { composeRefillMail, refillLinks } from '../../messages/server/public';
import { stopRefillHandler } from './refills';

const secret = 'a-test-secret-of-at-least-thirty-two-bytes!';
const id = '5b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const env = { ORDER_LINK_SECRET: secret, SITE_URL: 'https://www.medikart.in' } as ServerDependencies['env'];

/** The one reminder row the stop link reads and changes. */
function reminderTable(row: { name: string; stopped_at: string | null } | null) {
  const updates: unknown[] = [];
  const db = {
    from: () => ({
      select: () => ({ eq: () => ({ maybeSingle: async () => ({ data: row, error: null }) }) }),
      update: (values: unknown) => ({
        eq: async () => {
          updates.push(values);
          return { error: null };
        },
      }),
    }),
  } as unknown as SupabaseClient;
  return { deps: () => ({ db, env, now: () => new Date('2026-11-16T06:00:00Z') }), updates };
}

describe('refill links', () => {
  it('each key does one thing: the reorder key never stops, the stop key never reorders, neither opens an order', async () => {
    const reorder = await refillOrderKey(id, secret);
    const stop = await refillStopKey(id, secret);
    expect(await isRefillOrderKey(id, reorder, secret)).toBe(true);
    expect(await isRefillStopKey(id, stop, secret)).toBe(true);
    expect(await isRefillStopKey(id, reorder, secret)).toBe(false);
    expect(await isRefillOrderKey(id, stop, secret)).toBe(false);
    expect(await isGuestOrderToken(id, reorder, secret)).toBe(false);
    expect(await isRefillOrderKey(id, await guestOrderToken(id, secret), secret)).toBe(false);
  });

  it('the mail names the medicine and the day it runs out, with the reorder and the stop links', async () => {
    const links = await refillLinks(env, id);
    expect(links.reorder).toMatch(new RegExp(`^https://www\\.medikart\\.in/reorder\\?reminder=${id}&key=[A-Za-z0-9_-]{43}$`));
    expect(links.stop).toMatch(new RegExp(`^https://www\\.medikart\\.in/api/refills/stop\\?reminder=${id}&key=[A-Za-z0-9_-]{43}$`));
    const mail = composeRefillMail('Metformin <500mg> Tablet', '2026-11-21', links);
    expect(mail.subject).toBe('Time to reorder Metformin <500mg> Tablet');
    expect(mail.text).toContain('Your Metformin <500mg> Tablet runs out on Saturday, 21 November.');
    expect(mail.text).toContain(`Stop these reminders: ${links.stop}`);
    expect(mail.html).toContain('Metformin &#60;500mg&#62; Tablet');
  });
});

describe('stopping from the mail', () => {
  it('stops the reminder with its own key, and a second click changes nothing', async () => {
    const url = (await refillLinks(env, id)).stop;
    const running = reminderTable({ name: 'Metformin 500mg Tablet', stopped_at: null });
    const answer = await stopRefillHandler(new Request(url), running.deps);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('Your refill reminder for Metformin 500mg Tablet is stopped.');
    expect(running.updates).toEqual([{ stopped_at: '2026-11-16T06:00:00.000Z' }]);

    const stopped = reminderTable({ name: 'Metformin 500mg Tablet', stopped_at: '2026-11-16T06:00:00.000Z' });
    expect((await stopRefillHandler(new Request(url, { method: 'POST' }), stopped.deps)).status).toBe(200);
    expect(stopped.updates).toEqual([]);
  });

  it('a wrong key or a made-up reminder stops nothing and says so', async () => {
    const table = reminderTable({ name: 'Metformin 500mg Tablet', stopped_at: null });
    const wrongKey = await stopRefillHandler(new Request(`https://www.medikart.in/api/refills/stop?reminder=${id}&key=${'A'.repeat(43)}`), table.deps);
    expect(wrongKey.status).toBe(403);
    expect(await wrongKey.text()).toContain('This stop link is not valid. You can stop reminders from your account.');
    expect((await stopRefillHandler(new Request('https://www.medikart.in/api/refills/stop?reminder=nope&key=x'), table.deps)).status).toBe(400);
    expect(table.updates).toEqual([]);
  });

  it("answers in the language of the reminder's mail, with that language's account and products links", async () => {
    const links = await refillLinks(env, id, 'hi');
    expect(links.reorder).toMatch(new RegExp(`^https://www\\.medikart\\.in/hi/reorder\\?reminder=${id}&key=`));
    expect(links.stop).toMatch(/&language=hi$/);
    const answer = await stopRefillHandler(new Request(links.stop), reminderTable({ name: 'Metformin 500mg Tablet', stopped_at: null }).deps);
    const page = await answer.text();
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain('Metformin 500mg Tablet का रिमाइंडर बंद कर दिया गया है।');
    expect(page).toContain('<a href="/hi/account" style="color:#0f766e">आपका खाता</a>');
    expect(page).toContain('<a href="/hi/products" style="color:#0f766e">खरीदारी जारी रखें</a>');
    const wrongKey = await stopRefillHandler(new Request(`https://www.medikart.in/api/refills/stop?reminder=${id}&key=${'A'.repeat(43)}&language=hi`), reminderTable(null).deps);
    expect(await wrongKey.text()).toContain('यह लिंक सही नहीं है।');
    // A language the shop has no table for reads English.
    expect(await (await stopRefillHandler(new Request(links.stop.replace('language=hi', 'language=kn')), reminderTable({ name: 'Metformin 500mg Tablet', stopped_at: null }).deps)).text()).toContain(
      'Your refill reminder for Metformin 500mg Tablet is stopped.',
    );
  });
});
