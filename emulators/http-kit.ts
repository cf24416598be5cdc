import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/** Small shared plumbing for the payment-provider emulators (plain node:http, no framework). */

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-max-age': '600',
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...CORS_HEADERS });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, ...CORS_HEADERS, ...headers });
  res.end(body);
}

export async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error(`request body larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Ids in the providers' style: a prefix and 14 base-62 characters. */
export function providerId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + Array.from(randomBytes(14), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 picks a free one); unexpected handler errors become a loud 500. */
export async function listen(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
  name: string,
  host = '127.0.0.1',
): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    handle(req, res, url).catch((error: unknown) => {
      console.error(`[${name} emulator] ${req.method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!res.headersSent) sendJson(res, 500, { error: `${name} emulator error: ${(error as Error).message}` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Posts a provider-to-merchant webhook; a failed delivery is logged, as a provider dashboard would show it. */
export async function deliverWebhook(name: string, url: string, body: string, headers: Record<string, string>): Promise<void> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    if (!response.ok) console.error(`[${name} emulator] webhook to ${url} answered ${response.status}`);
  } catch (error) {
    console.error(`[${name} emulator] webhook to ${url} failed: ${(error as Error).message}`);
  }
}
