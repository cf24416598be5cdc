import { expect } from 'vitest';
import type { z } from 'zod';
import { providerEnv, type OnlineProvider, type ServerEnv } from '../../src/features/checkout/server/env';
import { ChannelSendError } from '../../src/features/messages/server/channel-error';
import { HttpRefusal } from '../../src/lib/server/http';

/**
 * One provider call as its documentation describes it. The values are ours; the method, path,
 * headers, parameter table and the shape of each answer are the provider's, from `source`.
 */
export interface DocumentedCall {
  /** The documentation page the call is written from. */
  source: string;
  method: 'GET' | 'POST' | 'HEAD' | 'DELETE';
  /** The path after the API base; `{name}` marks a path parameter. */
  path: string;
  /** Header name (lower case) to the pattern its documented value follows. */
  headers: Record<string, RegExp>;
  /** The documented parameter table: what a request may send, with types and limits. */
  body?: z.ZodType;
  /** The documented request example (values ours). */
  example?: unknown;
  /** Documented answers, by name: `ok` and the documented errors. */
  answers: Record<string, DocumentedAnswer>;
}

export interface DocumentedAnswer {
  status: number;
  /** The JSON answer, or the bytes as text when `headers` names a content type other than JSON (a download). */
  body: unknown;
  /** Response headers the documented answer depends on (a version header that selects the body format). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A fetch that records every request and answers each with the next reply in `replies`. */
export function recordingFetch(...replies: DocumentedAnswer[]) {
  const requests: RecordedRequest[] = [];
  const fetcher = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    const headers = { 'content-type': 'application/json', ...reply.headers };
    const raw = !headers['content-type'].includes('json') && typeof reply.body === 'string';
    return new Response(raw ? (reply.body as string) : JSON.stringify(reply.body), { status: reply.status, headers });
  }) as typeof fetch;
  return { fetcher, requests };
}

const pathPattern = (path: string) => new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[a-zA-Z]+\\?\}/g, '[^/]+')}$`);

/** The request our client sent is the documented one: method, path, headers, and a body the parameter table allows. */
export function expectDocumentedRequest(sent: RecordedRequest, call: DocumentedCall): void {
  expect(sent.method).toBe(call.method);
  expect(sent.url.pathname).toMatch(pathPattern(call.path));
  for (const [name, pattern] of Object.entries(call.headers)) {
    expect(sent.headers.get(name), `header ${name}`).toMatch(pattern);
  }
  if (!call.body) return;
  const contentType = sent.headers.get('content-type') ?? '';
  const body: unknown = contentType.startsWith('application/x-www-form-urlencoded')
    ? Object.fromEntries(new URLSearchParams(sent.body))
    : JSON.parse(sent.body);
  const parsed = call.body.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([]);
}

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * `actual` has every field of the documented answer with the same JSON type, at every depth
 * (a documented null may be any type: the docs show null for fields that are often filled).
 * Fields the docs do not show are allowed: a real answer carries more than its example.
 */
export function expectDocumentedShape(actual: unknown, documented: unknown, path = '$'): void {
  if (documented === null) return;
  expect(kind(actual), `${path} type`).toBe(kind(documented));
  if (Array.isArray(documented)) {
    // Item i is held to documented item i (the last one for longer lists): examples list items in order.
    const items = actual as unknown[];
    if (documented.length > 0) items.forEach((item, index) => expectDocumentedShape(item, documented[Math.min(index, documented.length - 1)], `${path}[${index}]`));
    return;
  }
  if (typeof documented === 'object') {
    const record = actual as Record<string, unknown>;
    for (const [key, value] of Object.entries(documented as Record<string, unknown>)) {
      expect(Object.keys(record), `${path} has ${key}`).toContain(key);
      expectDocumentedShape(record[key], value, `${path}.${key}`);
    }
  }
}

/** Fills `{name}` path parameters. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** A fixture env narrowed to one provider, as the functions narrow theirs (the shop may run without the other). */
export function configuredFor<P extends OnlineProvider>(all: ServerEnv, provider: P) {
  const narrowed = providerEnv(all, provider);
  if (!narrowed) throw new Error(`the fixture env lacks ${provider}'s secrets`);
  return narrowed;
}

/** The refusal our client or handler answers with; anything else (or nothing thrown) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<HttpRefusal> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpRefusal);
  return error as HttpRefusal;
}

/** The same for a call that refuses at once. */
export function refusalOf(call: () => unknown): HttpRefusal {
  let error: unknown = null;
  try {
    call();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(HttpRefusal);
  return error as HttpRefusal;
}

/** The ChannelSendError a message channel's send ends in (SMS, WhatsApp); anything else, or a success, fails the test. */
export async function channelFailure(promise: Promise<unknown>): Promise<ChannelSendError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ChannelSendError);
  return error as ChannelSendError;
}
