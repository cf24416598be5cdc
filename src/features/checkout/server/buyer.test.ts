import { describe, expect, it } from 'vitest';
import { buyerFolder, checkPrescriptions, identifyBuyer, type Buyer } from './buyer';
import { HttpRefusal } from '../../../lib/server/http';

const SESSION = '2f1c6a57-0c1e-4b8e-9d51-7a4b0f3e2c11';
const USER = '11111111-1111-4111-8111-111111111111';
const guest: Buyer = { kind: 'guest', guestSessionId: SESSION };
const verify = async (token: string) => (token === 'good-token' ? USER : null);

const request = (authorization?: string) =>
  new Request('http://localhost/api/razorpay/create-order', { method: 'POST', headers: authorization ? { authorization } : {} });

async function refusalOf(work: Promise<unknown>): Promise<HttpRefusal> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof HttpRefusal) return error;
  throw new Error(`expected a refusal, got ${String(error)}`);
}

describe('identifyBuyer', () => {
  it('treats a request without Authorization as the guest cart session', async () => {
    const buyer = await identifyBuyer(request(), SESSION, verify);
    expect(buyer).toEqual(guest);
    expect(buyerFolder(buyer)).toBe(`guest-${SESSION}`);
  });

  it('attributes a verified token to its user, whose folder is the user id', async () => {
    const buyer = await identifyBuyer(request('Bearer good-token'), SESSION, verify);
    expect(buyer).toEqual({ kind: 'customer', userId: USER });
    expect(buyerFolder(buyer)).toBe(USER);
  });

  it('refuses an invalid token or a malformed header with 401', async () => {
    const expired = await refusalOf(identifyBuyer(request('Bearer stale-token'), SESSION, verify));
    expect([expired.status, expired.message]).toEqual([401, 'Your sign-in has expired. Please sign in again.']);
    expect((await refusalOf(identifyBuyer(request('Basic abc'), SESSION, verify))).status).toBe(401);
  });
});

describe('checkPrescriptions', () => {
  const stored = new Set([`guest-${SESSION}/rx.pdf`]);
  const exists = async (path: string) => stored.has(path);

  it('accepts an existing file in the buyer folder for a prescription-only line', async () => {
    await expect(checkPrescriptions(guest, [`guest-${SESSION}/rx.pdf`], ['Amoxicillin'], exists)).resolves.toEqual([`guest-${SESSION}/rx.pdf`]);
  });

  it('needs no file when no line requires one', async () => {
    await expect(checkPrescriptions(guest, [], [], exists)).resolves.toEqual([]);
  });

  it('refuses a prescription-only line without any file', async () => {
    const error = await refusalOf(checkPrescriptions(guest, [], ['Amoxicillin'], exists));
    expect([error.status, error.message]).toEqual([
      422,
      'Amoxicillin needs a prescription. Please upload a prescription before proceeding with your order.',
    ]);
  });

  it('refuses a file that is not in storage', async () => {
    const error = await refusalOf(checkPrescriptions(guest, [`guest-${SESSION}/missing.pdf`], ['Amoxicillin'], exists));
    expect(error.message).toBe(
      `Prescription file guest-${SESSION}/missing.pdf was not found. Please upload a prescription before proceeding with your order.`,
    );
  });

  it.each([`guest-00000000-0000-4000-8000-000000000000/rx.pdf`, `${USER}/rx.pdf`, `guest-${SESSION}/../other/rx.pdf`, `guest-${SESSION}/`])(
    'refuses %s, which is outside the buyer folder',
    async (path) => {
      const error = await refusalOf(checkPrescriptions(guest, [path], ['Amoxicillin'], async () => true));
      expect(error.status).toBe(422);
      expect(error.message).toContain('is not in your prescriptions folder');
    },
  );
});
