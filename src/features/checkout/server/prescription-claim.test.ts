import { describe, expect, it } from 'vitest';
import { respond } from '../../../lib/server/http';
import { claimGuestPrescriptions as handle, type GuestPrescriptionStore } from './prescription-claim';

/** As the function answers: refusals become their status and sentence. */
const claimGuestPrescriptions = (req: Request, store: GuestPrescriptionStore) => respond('claim', () => handle(req, store));

const SESSION = '6f1c1b8e-7a55-4c1e-9d2a-0d4f6a1b2c3d';
const USER = '9d7c0c55-3a52-4c8a-b6f5-0d0f6c1f2a11';

class MemoryStore implements GuestPrescriptionStore {
  files = new Map<string, string>([[`guest-${SESSION}/scan.png`, 'image/png']]);
  records: { userId: string; path: string; contentType: string }[] = [];
  async userIdOfAccessToken(token: string) {
    return token === 'good' ? USER : null;
  }
  async copy(from: string, to: string) {
    const type = this.files.get(from);
    if (!type) return null;
    this.files.set(to, type);
    return { contentType: type };
  }
  async record(userId: string, path: string, contentType: string) {
    this.records.push({ userId, path, contentType });
  }
}

function claim(body: unknown, token: string | null = 'good') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Request('http://localhost/api/prescriptions/claim', { method: 'POST', headers, body: JSON.stringify(body) });
}

describe('POST /api/prescriptions/claim', () => {
  it("copies the guest's file into the customer's folder and records it there", async () => {
    const store = new MemoryStore();
    const response = await claimGuestPrescriptions(claim({ cartSessionId: SESSION, paths: [`guest-${SESSION}/scan.png`] }), store);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ moved: { [`guest-${SESSION}/scan.png`]: `${USER}/scan.png` } });
    expect(store.files.get(`${USER}/scan.png`)).toBe('image/png');
    expect(store.records).toEqual([{ userId: USER, path: `${USER}/scan.png`, contentType: 'image/png' }]);
  });

  it('leaves out a file that no longer exists', async () => {
    const store = new MemoryStore();
    const response = await claimGuestPrescriptions(claim({ cartSessionId: SESSION, paths: [`guest-${SESSION}/gone.png`] }), store);
    expect(await response.json()).toEqual({ moved: {} });
    expect(store.records).toEqual([]);
  });

  it("refuses paths outside this cart's guest folder", async () => {
    const other = '11111111-2222-4333-8444-555555555555';
    for (const path of [`guest-${other}/scan.png`, `guest-${SESSION}/../${USER}/x.png`, `guest-${SESSION}/a/b.png`, `${USER}/x.png`]) {
      const response = await claimGuestPrescriptions(claim({ cartSessionId: SESSION, paths: [path] }), new MemoryStore());
      expect(response.status, path).toBe(422);
    }
  });

  it('needs a signed-in customer', async () => {
    const body = { cartSessionId: SESSION, paths: [`guest-${SESSION}/scan.png`] };
    expect((await claimGuestPrescriptions(claim(body, null), new MemoryStore())).status).toBe(401);
    expect((await claimGuestPrescriptions(claim(body, 'expired'), new MemoryStore())).status).toBe(401);
  });
});
