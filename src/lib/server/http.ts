import type { z } from 'zod';
import { API_SECURITY_HEADERS } from '../api-security-headers';

export const MAX_BODY_BYTES = 32 * 1024;

/** A refusal the customer (or provider) is meant to read: status plus a message free of secrets. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export { API_SECURITY_HEADERS };

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...API_SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function errorResponse(status: number, message: string): Response {
  return jsonResponse({ error: message }, status);
}

export function requirePost(req: Request): void {
  if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
}

/** The raw body bytes, refused past 32 KB even when Content-Length lies or is absent. */
export async function readRawBytes(req: Request): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new HttpRefusal(400, 'Request body is larger than 32 KB');
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new HttpRefusal(400, 'Request body is larger than 32 KB');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readRawBody(req: Request): Promise<string> {
  return (await readRawBytes(req)).toString('utf8');
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpRefusal(400, 'Request body is not valid JSON');
  }
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.join('.');
      return where && !issue.message.includes(String(issue.path[0])) ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export function parseBody<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HttpRefusal(400, `Invalid request: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** The first missing field in the spec's words ('Missing razorpay_order_id' ...), if any. */
export function missingField(body: Record<string, unknown>, fields: readonly string[]): string | null {
  const missing = fields.find((field) => body[field] === undefined || body[field] === null || body[field] === '');
  return missing ? `Missing ${missing}` : null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const INTERNAL_ERROR = 'Internal error';

/**
 * Runs a handler and turns every failure into JSON: refusals keep their message, anything else is
 * logged here with its stack and answered with a bare 500, in every environment, so no stack, path
 * or secret reaches the client.
 */
export async function respond(label: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpRefusal) {
      const extra: Record<string, string> = error.status === 405 ? { allow: 'POST' } : {};
      return jsonResponse({ error: error.message }, error.status, extra);
    }
    console.error(`[${label}] failed:`, error);
    return errorResponse(500, INTERNAL_ERROR);
  }
}
