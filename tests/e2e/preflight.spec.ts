import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { localEnv } from '../../emulators/local-env';

const projectRoot = path.join(import.meta.dirname, '..', '..');

/** `npm run preflight` as a shop owner runs it after a deploy, here against the local stack. */
function preflight(site: string, ...flags: string[]) {
  const run = spawnSync('npx', ['tsx', 'scripts/preflight.ts', '--site', site, ...flags], { cwd: projectRoot, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, lines: run.stdout.split('\n').filter(Boolean), stderr: run.stderr };
}

test('preflight passes every check against the running store', ({ baseURL }) => {
  // Each /api probe may start its function cold.
  test.setTimeout(180_000);
  const { status, lines, stderr } = preflight(baseURL!, '--expect-test', '--whatsapp-verify-token', localEnv().WHATSAPP_VERIFY_TOKEN!, '--shiprocket-webhook-token', localEnv().SHIPROCKET_WEBHOOK_TOKEN!);
  expect(lines.filter((line) => line.startsWith('FAIL')), stderr).toEqual([]);
  for (const name of ['page /', 'security headers on /', 'POST /api/cod/create-order refuses bad input', 'SMS (MSG91) configured', 'sign-in codes through the Send SMS hook', 'WhatsApp webhook signature', 'WhatsApp webhook handshake', 'Supabase URL and anon key', 'Razorpay key id', 'PIN-code check', 'courier tracking webhook refuses a call without its token', 'courier tracking webhook token']) {
    expect(lines.some((line) => line.startsWith(`PASS  ${name}:`)), name).toBe(true);
  }
  expect(status).toBe(0);
});

test('preflight fails, naming the check, when the WhatsApp verify token is not the site’s', ({ baseURL }) => {
  test.setTimeout(180_000);
  const { status, lines } = preflight(baseURL!, '--expect-test', '--whatsapp-verify-token', 'not-the-token');
  expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}WhatsApp webhook handshake: answered 403/));
  expect(status).toBe(1);
});

test('preflight fails, naming the check, when the Razorpay key is not in the expected mode', ({ baseURL }) => {
  test.setTimeout(180_000);
  const { status, lines } = preflight(baseURL!, '--expect-live');
  expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}Razorpay key id: rzp_test_\w+ is in test mode, expected live$/));
  expect(status).toBe(1);
});

test('preflight fails, naming the check, when the Shiprocket webhook token is not the site’s', ({ baseURL }) => {
  test.setTimeout(180_000);
  const { status, lines } = preflight(baseURL!, '--expect-test', '--shiprocket-webhook-token', 'not-the-token');
  expect(lines).toContainEqual(expect.stringMatching(/^FAIL {2}courier tracking webhook token: answered 401/));
  expect(status).toBe(1);
});
