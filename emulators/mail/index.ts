import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** What the shop sends: Resend's POST /emails body (the fields the shop uses). */
const emailSchema = z.object({
  from: z.string().min(1),
  to: z.array(z.email()).min(1),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});
export type SentEmail = z.infer<typeof emailSchema> & { id: string };

export interface MailEmulatorOptions {
  port?: number;
  host?: string;
  apiKey: string;
  /** Where an accepted mail goes, e.g. the local inbox; a throw answers 502, as a provider outage would. */
  deliver(mail: SentEmail): Promise<void> | void;
}

/**
 * A local stand-in for a Resend-style transactional mail API: POST /emails with
 * `Authorization: Bearer <key>` answers `{ id }` and hands the mail to `deliver`; anything else is a
 * loud error. GET /__emulator/emails (emulator only) lists what was accepted.
 */
export async function startMailEmulator(options: MailEmulatorOptions): Promise<{ url: string; sent: SentEmail[]; close(): Promise<void> }> {
  const sent: SentEmail[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      if (route === 'GET /__emulator/emails') return reply(200, { count: sent.length, items: sent });
      if (route !== 'POST /emails') return reply(501, { name: 'not_implemented', message: `The mail emulator does not implement ${route}` });
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) return reply(401, { name: 'missing_api_key', message: 'API key is invalid' });
      let raw: unknown;
      try {
        raw = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(422, { name: 'validation_error', message: 'The body is not valid JSON' });
      }
      const parsed = emailSchema.safeParse(raw);
      if (!parsed.success) return reply(422, { name: 'validation_error', message: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') });
      const mail = { ...parsed.data, id: randomUUID() };
      try {
        await options.deliver(mail);
      } catch (error) {
        console.error('[mail emulator] delivery failed:', error);
        return reply(502, { name: 'application_error', message: 'The mail could not be delivered' });
      }
      sent.push(mail);
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
