import { z } from 'zod';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import { sendWaitingMessages } from '../../messages/server/public';
import { requestDecisionSchema, requestFileSchema } from '../../../domain/prescription-request-decision';
import type { DeskDependencies } from './handlers';
import { requireStaff } from './staff';

const PRESCRIPTION_URL_SECONDS = 5 * 60;

/** The body through its schema; read only once the caller is known, so a prober never learns its shape. */
async function readBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  return parseBody(schema, parseJson(await readRawBody(req)));
}

const requestRowSchema = z.object({ id: z.string(), request_number: z.string(), status: z.string() });

async function requestOf(deps: DeskDependencies, requestId: string): Promise<z.infer<typeof requestRowSchema>> {
  const { data, error } = await deps.orders.db.from('prescription_requests').select('id, request_number, status').eq('id', requestId).maybeSingle();
  if (error) throw new Error(`reading request ${requestId}: ${error.message}`);
  if (!data) throw new HttpRefusal(404, 'No such prescription request.');
  return requestRowSchema.parse(data);
}

/** POST /api/desk/request-file: a 5-minute link to one of the request's prescription files, logged as every prescription view is. */
export async function handleRequestFile(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = await readBody(req, requestFileSchema);
  const { data, error } = await deps.orders.db.from('prescription_request_files').select('file_path').eq('id', body.fileId).eq('request_id', body.requestId).maybeSingle();
  if (error) throw new Error(`reading file ${body.fileId}: ${error.message}`);
  if (!data) throw new HttpRefusal(404, 'This file is not one of the request’s prescriptions.');
  const path = z.object({ file_path: z.string() }).parse(data).file_path;
  const logged = await deps.orders.db.from('prescription_views').insert({ viewer_id: staff.id, viewer_role: staff.role, request_id: body.requestId, file_path: path });
  if (logged.error) throw new Error(`recording the prescription view: ${logged.error.message}`);
  const url = await deps.store.signedPrescriptionUrl(path, PRESCRIPTION_URL_SECONDS);
  return jsonResponse({ url, expiresInSeconds: PRESCRIPTION_URL_SECONDS });
}

/** The database's refusal of a move as the pharmacist's sentence. */
function refusalOf(number: string, error: { code?: string; message: string }): HttpRefusal | null {
  const now = /is now (\w+)/.exec(error.message)?.[1];
  if (error.code === '40001' && now) return new HttpRefusal(409, `Request ${number} has just been answered: it is now ${now.replace('_', ' ')}. Reload to see it.`);
  if (error.code === '23514') return new HttpRefusal(422, `Request ${number} cannot be sent this way: ${error.message}.`);
  return null;
}

/**
 * POST /api/desk/request-decision: a registered pharmacist sends the proposal (catalogue products
 * with quantities, and the prescribed items the customer will not get, each with a reason) or
 * rejects the whole request with a reason. The customer is told by mail and SMS (the outbox).
 */
export async function handleRequestDecision(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist']);
  if (!staff.registrationNumber) throw new HttpRefusal(403, 'Your staff account has no registration number; ask an administrator to add it.');
  const body = await readBody(req, requestDecisionSchema);
  const request = await requestOf(deps, body.requestId);
  const db = deps.orders.db;

  let result;
  if (body.decision === 'reject') {
    result = await db.rpc('reject_prescription_request', { p_request_id: request.id, p_reason: body.reason, p_pharmacist_id: staff.id, p_pharmacist_name: staff.name });
  } else {
    const proposed = body.lines.flatMap((line) => (line.status === 'proposed' ? [line] : []));
    if (proposed.length === 0) throw new HttpRefusal(422, 'Add at least one product the customer can buy, or reject the request with a reason.');
    const products = await deps.catalogue.lookup(proposed.map((line) => line.productId));
    const seen = new Set<number>();
    const lines = body.lines.map((line) => {
      if (line.status !== 'proposed') return { product_id: null, name: line.name, line_status: line.status, reason: line.reason, quantity: 1 };
      const product = products.get(line.productId);
      if (!product) throw new HttpRefusal(422, `Product ${line.productId} is not in the catalogue.`);
      if (seen.has(line.productId)) throw new HttpRefusal(422, `${product.name} is listed twice: give it one line with the total quantity.`);
      seen.add(line.productId);
      if (product.sale_state !== 'ADD TO CART') throw new HttpRefusal(422, `${product.name} is ${product.sale_state === 'DISCONTINUED' ? 'discontinued' : 'sold out'}: mark it not available with a reason instead.`);
      return { product_id: product.id, name: product.name, line_status: 'proposed', reason: null, quantity: line.quantity };
    });
    result = await db.rpc('propose_prescription_request', {
      p_request_id: request.id,
      p_lines: lines,
      p_pharmacist_id: staff.id,
      p_pharmacist_name: staff.name,
      p_registration_number: staff.registrationNumber,
    });
  }
  if (result.error) throw refusalOf(request.request_number, result.error) ?? new Error(`answering request ${request.request_number}: ${result.error.message}`);
  await sendWaitingMessages(deps.orders, { requestId: request.id });
  return jsonResponse({ status: z.string().parse(result.data) });
}
