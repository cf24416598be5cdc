import { describe, expect, it } from 'vitest';
import { respond } from '../../../lib/server/http';
import { inMemoryCatalogueIndex } from '../../checkout/server/catalogue-index';
import type { DeskStore } from './desk-store';
import { handleStockImport, type StockImporter } from './stock-import';
import type { StockImportRow } from '../../../domain/stock-import';

const users: Record<string, { id: string; app_metadata: Record<string, unknown> }> = {
  'pharmacist-token': { id: 'p1', app_metadata: { role: 'pharmacist', registration_number: 'KA-PH-004512' } },
  'support-token': { id: 's1', app_metadata: { role: 'support' } },
};
const store = { verifyAccessToken: async (token: string) => users[token] ?? null } as unknown as DeskStore;
const catalogue = inMemoryCatalogueIndex(
  [1, 16].map((id) => ({ id, name: `Product ${id}`, mrp_paise: 10000, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' as const })),
);

function importer() {
  const calls: { rows: StockImportRow[]; days: number }[] = [];
  const stock: StockImporter = {
    importStock: async (rows, days) => {
      calls.push({ rows, days });
      return { changedBatches: rows.length };
    },
  };
  return { calls, stock };
}

const post = (csv: string, token: string) =>
  new Request('http://shop.test/api/desk/stock-import', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ csv }) });

let mailRuns = 0;
const call = (req: Request, stock: StockImporter) =>
  respond('/api/desk/stock-import', () =>
    handleStockImport(req, { store, catalogue }, stock, 90, async () => {
      mailRuns += 1;
      return 2;
    }),
  );

describe('POST /api/desk/stock-import', () => {
  it('applies nothing from a file with a bad line and lists every bad line', async () => {
    const { calls, stock } = importer();
    const response = await call(post('product,batch,expiry,quantity,mrp\n1,MET1,2027-08-31,10,34.50\n99,X1,2027-08-31,1,10\n16,AZ1,2027-08-31,-1,119', 'pharmacist-token'), stock);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { error: string; lines: { line: number }[] };
    expect(body.error).toBe('Nothing was imported: 2 line(s) need fixing.');
    expect(body.lines.map((line) => line.line)).toEqual([3, 4]);
    expect(calls).toEqual([]);
    expect(mailRuns).toBe(0);
  });

  it('imports a good file with the shelf life from content', async () => {
    const { calls, stock } = importer();
    const before = mailRuns;
    const response = await call(post('product,batch,expiry,quantity,mrp\n1,MET1,2027-08-31,10,34.50', 'pharmacist-token'), stock);
    expect(response.status).toBe(200);
    // The back-in-stock mails the import queued go out before the answer.
    expect(await response.json()).toEqual({ batches: 1, changedBatches: 1, backInStockMails: 2 });
    expect(mailRuns).toBe(before + 1);
    expect(calls).toEqual([{ rows: [{ product_id: 1, batch_number: 'MET1', expiry_date: '2027-08-31', quantity: 10, mrp_paise: 3450 }], days: 90 }]);
  });

  it('is for pharmacists only', async () => {
    const { calls, stock } = importer();
    expect((await call(post('product,batch,expiry,quantity,mrp\n1,MET1,2027-08-31,10,34.50', 'support-token'), stock)).status).toBe(403);
    expect((await call(post('product,batch,expiry,quantity,mrp\n1,MET1,2027-08-31,10,34.50', 'nobody'), stock)).status).toBe(401);
    expect(calls).toEqual([]);
  });
});
