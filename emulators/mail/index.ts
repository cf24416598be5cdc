import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

// Resend's POST /emails (https://resend.com/docs/api-reference/emails/send-email) and its error
// body { statusCode, name, message } (https://resend.com/docs/api-reference/errors).
const addresses = z.union([z.email(), z.array(z.email()).min(1).max(50)]);
const emailSchema = z.strictObject({
  from: z.string().min(1),
  to: addresses,
  subject: z.string().min(1),
  bcc: addresses.optional(),
  cc: addresses.optional(),
  reply_to: addresses.optional(),
  scheduled_at: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  tags: z.array(z.strictObject({ name: z.string(), value: z.string() })).optional(),
});
const REQUIRED_FIELDS = ['from', 'to', 'subject'] as const;

/** An accepted mail as the inbox gets it: recipients as a list, and the text Resend derives from the HTML when none is sent. */
export interface SentEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface MailEmulatorOptions {
  port?: number;
  host?: string;
  apiKey: string;
  /** Where an accepted mail goes, e.g. the local inbox; a throw answers 500, as a provider outage would. */
  deliver(mail: SentEmail): Promise<void> | void;
}

/**
 * A local stand-in for Resend's transactional mail API: POST /emails with `Authorization: Bearer
 * <key>` answers `{ id }` and hands the mail to `deliver`; a repeated Idempotency-Key answers the
 * first mail's id without sending it again. GET /__emulator/emails (emulator only) lists what was accepted.
 */
export async function startMailEmulator(options: MailEmulatorOptions): Promise<{ url: string; sent: SentEmail[]; close(): Promise<void> }> {
  const sent: SentEmail[] = [];
  const byIdempotencyKey = new Map<string, { body: string; id: string }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const refuse = (statusCode: number, name: string, message: string) => reply(statusCode, { statusCode, name, message });
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (route === 'GET /__emulator/emails') return reply(200, { count: sent.length, items: sent });
      if (route !== 'POST /emails') return refuse(404, 'not_found', `The mail emulator does not implement ${route}`);
      const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
      if (!bearer) return refuse(401, 'missing_api_key', 'Missing API key in the authorization header');
      if (bearer[1] !== options.apiKey) return refuse(403, 'invalid_api_key', 'API key is invalid');
      const body = Buffer.concat(chunks).toString('utf8');
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string') {
        if (key.length < 1 || key.length > 256) return refuse(400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
        const earlier = byIdempotencyKey.get(key);
        if (earlier?.body === body) return reply(200, { id: earlier.id });
        if (earlier) return refuse(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
      }
      let raw: unknown;
      try {
        raw = JSON.parse(body);
      } catch {
        return refuse(400, 'validation_error', 'The body is not valid JSON');
      }
      const missing = REQUIRED_FIELDS.filter((field) => typeof raw !== 'object' || raw === null || !(field in raw));
      if (missing.length > 0) return refuse(422, 'missing_required_field', `Missing \`${missing.join('`, `')}\` field.`);
      const parsed = emailSchema.safeParse(raw);
      if (!parsed.success) return refuse(400, 'validation_error', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
      const { from, to, subject, html, text } = parsed.data;
      const mail: SentEmail = {
        id: randomUUID(),
        from,
        to: typeof to === 'string' ? [to] : to,
        subject,
        text: text ?? (html ?? '').replace(/<[^>]*>/g, ''),
        ...(html === undefined ? {} : { html }),
      };
      try {
        await options.deliver(mail);
      } catch (error) {
        console.error('[mail emulator] delivery failed:', error);
        return refuse(500, 'application_error', 'An unexpected error occurred.');
      }
      sent.push(mail);
      if (typeof key === 'string') byIdempotencyKey.set(key, { body, id: mail.id });
      reply(200, { id: mail.id });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
