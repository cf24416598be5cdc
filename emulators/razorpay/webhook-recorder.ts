import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** A stand-in merchant endpoint for tests: records each webhook and answers it with `answer`. */
export async function startWebhookRecorder(answer: (webhook: RecordedWebhook) => Promise<number> | number = () => 200) {
  const received: RecordedWebhook[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const webhook = {
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      res.writeHead(await answer(webhook)).end();
      received.push(webhook);
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    /** Resolves once `count` webhooks have arrived in total. */
    async waitFor(count: number): Promise<RecordedWebhook[]> {
      while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
