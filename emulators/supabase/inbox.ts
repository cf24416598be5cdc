import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { json, type Reply } from './http';

/**
 * The local stand-in for the Mailpit that `supabase start` runs on :54324: every email and text
 * message the emulator's auth "sends" lands here, shown as HTML (newest first) and readable through
 * the same JSON API Mailpit has, so tests read links and codes the same way against either stack.
 */
export type Address = { Name: string; Address: string };
export type InboxMessage = {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Kind: 'email' | 'sms' | 'whatsapp';
};

export type Outgoing = { kind: 'email' | 'sms' | 'whatsapp'; to: string; subject: string; text: string; html?: string };

const SENDER: Record<InboxMessage['Kind'], Address> = {
  email: { Name: 'MediKart', Address: 'no-reply@medikart.local' },
  sms: { Name: 'MediKart', Address: 'MEDKRT' },
  whatsapp: { Name: 'MediKart', Address: 'WhatsApp Business' },
};

const KIND_LABEL: Record<InboxMessage['Kind'], string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const snippet = (message: InboxMessage) => message.Text.replace(/\s+/g, ' ').trim().slice(0, 250);

const summary = (message: InboxMessage) => ({
  ID: message.ID,
  MessageID: message.MessageID,
  Read: message.Read,
  From: message.From,
  To: message.To,
  Cc: [],
  Bcc: [],
  ReplyTo: [],
  Subject: message.Subject,
  Created: message.Created,
  Tags: message.Kind === 'email' ? [] : [message.Kind],
  Size: Buffer.byteLength(message.HTML || message.Text),
  Attachments: 0,
  Snippet: snippet(message),
});

/** Mailpit's search terms that tests use: to:, from:, subject: and plain words, all of which must match. */
function matches(message: InboxMessage, query: string): boolean {
  const terms = query.match(/(?:[^\s"]+:)?"[^"]*"|\S+/g) ?? [];
  return terms.every((term) => {
    const [, field, rawValue] = term.match(/^(?:(to|from|subject):)?(.*)$/i) ?? [];
    const value = (rawValue ?? '').replace(/^"|"$/g, '').toLowerCase();
    const addresses = (list: Address[]) => list.some((address) => `${address.Name} ${address.Address}`.toLowerCase().includes(value));
    switch (field?.toLowerCase()) {
      case 'to':
        return addresses(message.To);
      case 'from':
        return addresses([message.From]);
      case 'subject':
        return message.Subject.toLowerCase().includes(value);
      default:
        return `${message.Subject} ${message.Text}`.toLowerCase().includes(value);
    }
  });
}

export class Inbox {
  private messages: InboxMessage[] = [];

  deliver(outgoing: Outgoing): InboxMessage {
    const id = randomBytes(11).toString('base64url');
    const message: InboxMessage = {
      ID: id,
      MessageID: `${id}@medikart.local`,
      Read: false,
      From: SENDER[outgoing.kind],
      To: [{ Name: '', Address: outgoing.to }],
      Subject: outgoing.subject,
      Created: new Date().toISOString(),
      Text: outgoing.text,
      HTML: outgoing.html ?? '',
      Kind: outgoing.kind,
    };
    this.messages.unshift(message);
    console.log(`[supabase emulator] ${outgoing.kind} to ${outgoing.to}: ${outgoing.subject}`);
    return message;
  }

  /** Mailpit's routes under /api/v1, plus the HTML pages a person reads. */
  handle(method: string, url: URL): Reply {
    const path = url.pathname;
    if (method === 'GET' && (path === '/api/v1/messages' || path === '/api/v1/search')) {
      const query = url.searchParams.get('query') ?? '';
      const found = path === '/api/v1/search' ? this.messages.filter((message) => matches(message, query)) : this.messages;
      const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
      const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50);
      const page = found.slice(start, start + limit);
      return json(200, {
        total: this.messages.length,
        unread: this.messages.filter((message) => !message.Read).length,
        count: page.length,
        messages_count: found.length,
        start,
        tags: [],
        messages: page.map(summary),
      });
    }
    if (method === 'DELETE' && path === '/api/v1/messages') {
      this.messages = [];
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' };
    }
    const one = path.match(/^\/api\/v1\/message\/([^/]+)$/);
    if (method === 'GET' && one) {
      const message = one[1] === 'latest' ? this.messages[0] : this.messages.find((candidate) => candidate.ID === one[1]);
      if (!message) return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'message not found' };
      message.Read = true;
      return json(200, {
        ...summary(message),
        ReturnPath: message.From.Address,
        Date: message.Created,
        Text: message.Text,
        HTML: message.HTML,
        Inline: [],
        Attachments: [],
      });
    }
    if (method === 'GET' && path === '/') return this.page('Inbox', this.listHtml());
    const view = path.match(/^\/view\/([^/]+)$/);
    if (method === 'GET' && view) {
      const message = this.messages.find((candidate) => candidate.ID === view[1]);
      if (!message) return this.page('Not found', '<p>This message is no longer in the inbox.</p><p><a href="/">Back to the inbox</a></p>', 404);
      message.Read = true;
      const body = message.HTML || `<p>${escapeHtml(message.Text)}</p>`;
      return this.page(
        message.Subject,
        `<p><a href="/">Back to the inbox</a></p>
<h1>${escapeHtml(message.Subject)}</h1>
<dl><dt>From</dt><dd>${escapeHtml(message.From.Name)} &lt;${escapeHtml(message.From.Address)}&gt;</dd>
<dt>To</dt><dd>${escapeHtml(message.To.map((to) => to.Address).join(', '))}</dd>
<dt>Sent</dt><dd>${escapeHtml(message.Created)}</dd></dl>
<article>${body}</article>`,
      );
    }
    return json(404, { error: `The local inbox has no ${method} ${path}` });
  }

  private listHtml(): string {
    if (this.messages.length === 0) return '<h1>Inbox</h1><p>No messages yet.</p>';
    const rows = this.messages
      .map(
        (message) => `<tr><td>${KIND_LABEL[message.Kind]}</td><td>${escapeHtml(message.To.map((to) => to.Address).join(', '))}</td>
<td><a href="/view/${message.ID}">${escapeHtml(message.Subject)}</a><br><small>${escapeHtml(snippet(message))}</small></td><td>${escapeHtml(message.Created)}</td></tr>`,
      )
      .join('\n');
    return `<h1>Inbox</h1><p>Every email and text message the local Supabase sent, newest first.</p>
<table><thead><tr><th scope="col">Kind</th><th scope="col">To</th><th scope="col">Message</th><th scope="col">Sent</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  private page(title: string, body: string, status = 200): Reply {
    return {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | Local inbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}small{color:#444}article{border:1px solid #ddd;padding:1rem;margin-top:1rem}dt{font-weight:600}</style>
</head><body><main>${body}</main></body></html>`,
    };
  }
}

/** Serves the inbox on its own port, as Mailpit does beside the API. */
export async function serveInbox(inbox: Inbox, port: number, host: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const reply = inbox.handle(request.method ?? 'GET', new URL(request.url ?? '/', `http://${host}`));
    response.writeHead(reply.status, { 'access-control-allow-origin': '*', ...reply.headers });
    response.end(reply.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return { url: `http://${host}:${address && typeof address === 'object' ? address.port : port}`, server };
}
