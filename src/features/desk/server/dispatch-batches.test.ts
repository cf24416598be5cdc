import { describe, expect, it } from 'vitest';
import { respond } from '../../../lib/server/http';
import type { DeskStore } from './desk-store';
import { handleBatches, type BatchStore } from './dispatch-batches';

const users: Record<string, { id: string; app_metadata: Record<string, unknown> }> = {
  'support-token': { id: 's1', app_metadata: { role: 'support' } },
  'customer-token': { id: 'c1', app_metadata: { provider: 'email' } },
};
const store = { verifyAccessToken: async (token: string) => users[token] ?? null } as unknown as DeskStore;
const orderId = '0b9d2c4e-1f3a-4b5c-8d7e-6f5a4b3c2d1e';
const suggestion = [{ line_index: 0, product_id: 16, quantity: 3, short: 0, batches: [{ batch_id: 7, batch_number: 'SOON', expiry_date: '2027-03-31', quantity: 3 }] }];

function batches(refusal?: string) {
  const dispatched: unknown[] = [];
  const fake: BatchStore = {
    suggest: async () => suggestion,
    dispatch: async (id, picks, by) => {
      dispatched.push({ id, picks, by });
      return refusal ? { refused: refusal } : { consumedLines: 1 };
    },
  };
  return { dispatched, fake };
}

const post = (body: unknown, token = 'support-token') =>
  new Request('http://shop.test/api/desk/batches', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
const call = (req: Request, fake: BatchStore) => respond('/api/desk/batches', () => handleBatches(req, { store }, fake));

describe('POST /api/desk/batches', () => {
  it('suggests the batches when no picks are sent, and records the picks when they are', async () => {
    const { dispatched, fake } = batches();
    expect(await (await call(post({ orderId }), fake)).json()).toEqual({ lines: suggestion });
    const picks = [{ lineIndex: 0, batchId: 7, quantity: 3 }];
    const recorded = await call(post({ orderId, picks }), fake);
    expect(recorded.status).toBe(200);
    expect(dispatched).toEqual([{ id: orderId, picks, by: 's1' }]);
  });

  it("gives the database's refusal as the desk's sentence", async () => {
    const { fake } = batches('Batch SHORT expires on 2026-12-20 and may not be dispatched.');
    const response = await call(post({ orderId, picks: [{ lineIndex: 0, batchId: 9, quantity: 3 }] }), fake);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: 'Batch SHORT expires on 2026-12-20 and may not be dispatched.' });
  });

  it('is for staff only', async () => {
    const { dispatched, fake } = batches();
    expect((await call(post({ orderId, picks: [{ lineIndex: 0, batchId: 7, quantity: 3 }] }, 'customer-token'), fake)).status).toBe(403);
    expect(dispatched).toEqual([]);
  });
});
