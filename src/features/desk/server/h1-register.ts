import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { h1RegisterCsv, type H1RegisterRow } from '../../../domain/h1-register';
import { API_SECURITY_HEADERS, HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import type { DeskDependencies } from './handlers';
import { requireStaff } from './staff';

/**
 * Schedule H1 at the desk: POST /api/desk/h1-prescription records what the pharmacist reads off
 * the prescription of an H1 line at review (patient, prescriber and registration), and
 * POST /api/desk/h1-register exports the register for a date range as CSV, for an inspector.
 * Pharmacists only: the register names patients.
 */

export const h1PrescriptionRequestSchema = z.strictObject({
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  lineIndex: z.number().int().min(0),
  patientName: z.string().trim().min(1, 'Enter the patient’s name.').max(100),
  prescriberName: z.string().trim().min(1, 'Enter the prescriber’s name.').max(100),
  prescriberRegistration: z.string().trim().min(1, 'Enter the prescriber’s registration number.').max(50),
});

const isoDate = z.iso.date({ error: 'Dates are YYYY-MM-DD.' });
export const h1RegisterRequestSchema = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((range) => range.from <= range.to, { error: 'The start date must not be after the end date.' });

export interface H1Store {
  recordPrescription(details: z.infer<typeof h1PrescriptionRequestSchema>, pharmacistId: string): Promise<void>;
  registerBetween(from: string, to: string): Promise<H1RegisterRow[]>;
}

const REGISTER_COLUMNS = 'supplied_on, patient_name, prescriber_name, prescriber_registration, drug_name, batch_number, expiry_date, quantity, invoice_number, order_number';

export class SupabaseH1Store implements H1Store {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  }

  async recordPrescription(details: z.infer<typeof h1PrescriptionRequestSchema>, pharmacistId: string): Promise<void> {
    const { error } = await this.client.from('h1_prescriptions').insert({
      order_id: details.orderId,
      line_index: details.lineIndex,
      patient_name: details.patientName,
      prescriber_name: details.prescriberName,
      prescriber_registration: details.prescriberRegistration,
      pharmacist_id: pharmacistId,
    });
    if (error?.code === '23505') throw new HttpRefusal(409, 'The prescriber’s details for this line are already recorded.');
    if (error?.code === '23503') throw new HttpRefusal(404, 'No such order.');
    if (error) throw new Error(`recording H1 prescription details: ${error.message}`);
  }

  async registerBetween(from: string, to: string): Promise<H1RegisterRow[]> {
    const { data, error } = await this.client.from('h1_register').select(REGISTER_COLUMNS).gte('supplied_on', from).lte('supplied_on', to).order('supplied_on').order('id');
    if (error) throw new Error(`reading the H1 register: ${error.message}`);
    return data as H1RegisterRow[];
  }
}

/** The body through its schema; read only once the caller is known, so a prober never learns its shape. */
async function body<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  return parseBody(schema, parseJson(await readRawBody(req)));
}

export async function handleH1Prescription(req: Request, deps: Pick<DeskDependencies, 'store'>, h1: H1Store): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist']);
  const details = await body(req, h1PrescriptionRequestSchema);
  await h1.recordPrescription(details, staff.id);
  return jsonResponse({ recorded: true });
}

export async function handleH1Register(req: Request, deps: Pick<DeskDependencies, 'store'>, h1: H1Store): Promise<Response> {
  requirePost(req);
  await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist']);
  const range = await body(req, h1RegisterRequestSchema);
  const csv = h1RegisterCsv(await h1.registerBetween(range.from, range.to));
  return new Response(csv, {
    headers: {
      ...API_SECURITY_HEADERS,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="schedule-h1-register-${range.from}-to-${range.to}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
