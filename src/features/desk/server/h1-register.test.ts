import { describe, expect, it } from 'vitest';
import { respond } from '../../../lib/server/http';
import type { DeskStore } from './desk-store';
import { handleH1Prescription, handleH1Register, type H1Store } from './h1-register';

const users: Record<string, { id: string; app_metadata: Record<string, unknown> }> = {
  'pharmacist-token': { id: 'p1', app_metadata: { role: 'pharmacist', registration_number: 'KA-PH-004512' } },
  'support-token': { id: 's1', app_metadata: { role: 'support' } },
};
const store = { verifyAccessToken: async (token: string) => users[token] ?? null } as unknown as DeskStore;
const orderId = '0b9d2c4e-1f3a-4b5c-8d7e-6f5a4b3c2d1e';
const registerRow = {
  supplied_on: '2026-11-26', patient_name: 'Ravi Kumar', prescriber_name: 'Dr. Meera Iyer', prescriber_registration: 'KMC-48213',
  drug_name: 'Azithromycin 500mg Tablet', batch_number: 'AZ24-118', expiry_date: '2027-06-30', quantity: 2, invoice_number: 'MK/2627/000123', order_number: 'MK-2611-000123',
};

function h1() {
  const recorded: unknown[] = [];
  const asked: unknown[] = [];
  const fake: H1Store = {
    recordPrescription: async (details, by) => void recorded.push({ ...details, by }),
    registerBetween: async (from, to) => {
      asked.push([from, to]);
      return [registerRow];
    },
  };
  return { recorded, asked, fake };
}

const post = (path: string, body: unknown, token = 'pharmacist-token') =>
  new Request(`http://shop.test${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

describe('Schedule H1 at the desk', () => {
  it('records the prescriber and patient of an H1 line, from a pharmacist only', async () => {
    const { recorded, fake } = h1();
    const details = { orderId, lineIndex: 0, patientName: 'Ravi Kumar', prescriberName: 'Dr. Meera Iyer', prescriberRegistration: 'KMC-48213' };
    const call = (token: string) => respond('/api/desk/h1-prescription', () => handleH1Prescription(post('/api/desk/h1-prescription', details, token), { store }, fake));
    expect((await call('support-token')).status).toBe(403);
    expect((await call('pharmacist-token')).status).toBe(200);
    expect(recorded).toEqual([{ ...details, by: 'p1' }]);
  });

  it('refuses missing prescriber details with a sentence', async () => {
    const { recorded, fake } = h1();
    const response = await respond('/api/desk/h1-prescription', () =>
      handleH1Prescription(post('/api/desk/h1-prescription', { orderId, lineIndex: 0, patientName: 'Ravi Kumar', prescriberName: ' ', prescriberRegistration: 'KMC-48213' }), { store }, fake));
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Enter the prescriber’s name.');
    expect(recorded).toEqual([]);
  });

  it('exports a date range as a CSV download listing the line', async () => {
    const { asked, fake } = h1();
    const response = await respond('/api/desk/h1-register', () => handleH1Register(post('/api/desk/h1-register', { from: '2026-11-01', to: '2026-11-30' }), { store }, fake));
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="schedule-h1-register-2026-11-01-to-2026-11-30.csv"');
    expect(await response.text()).toContain('2026-11-26,Ravi Kumar,Dr. Meera Iyer,KMC-48213,Azithromycin 500mg Tablet,AZ24-118,2027-06-30,2,MK/2627/000123');
    expect(asked).toEqual([['2026-11-01', '2026-11-30']]);
    const backwards = await respond('/api/desk/h1-register', () => handleH1Register(post('/api/desk/h1-register', { from: '2026-11-30', to: '2026-11-01' }), { store }, fake));
    expect(backwards.status).toBe(400);
  });
});
