import { useCallback, useEffect, useState } from 'react';
import { messageTable, type MessageChannel, type MessageKind } from '../../domain/messages';
import { deskCall, type StaffSession } from './desk-api';

/** One row of the outbox as staff may read it (never the text: an SMS carries the order's link). */
interface SentMessage {
  id: string;
  channel: MessageChannel;
  kind: MessageKind;
  recipient: string | null;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  delivery_status: 'sent' | 'delivered' | 'read' | 'failed' | 'skipped' | null;
  delivery_status_at: string | null;
  delivery_error: string | null;
  resend_of: string | null;
  created_at: string;
}

const CHANNEL_LABELS: Record<MessageChannel, string> = { mail: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };
const COLUMNS = 'id, channel, kind, recipient, sent_at, attempts, last_error, delivery_status, delivery_status_at, delivery_error, resend_of, created_at';
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

/** What became of it, in the words support says to a customer on the phone. */
export function messageState(message: Pick<SentMessage, 'delivery_status' | 'attempts' | 'last_error' | 'delivery_error'>): string {
  switch (message.delivery_status) {
    case 'sent':
      return 'Sent';
    case 'delivered':
      return 'Delivered';
    case 'read':
      return 'Read';
    case 'failed':
      return `Failed: ${message.delivery_error ?? message.last_error ?? 'no reason given'}`;
    case 'skipped':
      return `Not sent: ${message.delivery_error ?? message.last_error ?? 'no reason given'}`;
    default:
      return message.attempts > 0 ? `Retrying (${message.attempts} tries): ${message.last_error ?? ''}`.trim() : 'Waiting to be sent';
  }
}

/** The order's messages by channel with what became of each; support sends one again. */
export default function DeskOrderMessages({ staff, orderId, refreshKey }: { staff: StaffSession; orderId: string; refreshKey: number }) {
  const [messages, setMessages] = useState<SentMessage[] | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'status'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    const { data, error } = await staff.client.from('message_outbox').select(COLUMNS).eq('order_id', orderId).order('created_at');
    if (error) setNotice({ kind: 'error', text: 'The messages could not be read just now.' });
    else setMessages(data as SentMessage[]);
  }, [staff, orderId]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  async function resend(message: SentMessage) {
    setBusy(message.id);
    const answer = await deskCall(staff, '/api/desk/message-resend', { messageId: message.id });
    setBusy(null);
    setNotice(answer.ok ? { kind: 'status', text: `${messageTable[message.kind].label} sent again by ${CHANNEL_LABELS[message.channel]}.` } : { kind: 'error', text: answer.message });
    await load();
  }

  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="text-lg font-semibold text-gray-900">
        Messages to the customer
      </h2>
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`mt-2 rounded-md p-2 text-sm ${notice.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-900'}`}>
          {notice.text}
        </p>
      )}
      {messages === null ? (
        <p className="mt-2 text-sm text-gray-700">Loading the messages…</p>
      ) : messages.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">Nothing has been sent for this order yet.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm text-gray-800">
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">Message</th>
              <th scope="col" className="py-1 pr-3">Channel</th>
              <th scope="col" className="py-1 pr-3">To</th>
              <th scope="col" className="py-1 pr-3">Status</th>
              <th scope="col" className="py-1">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} className="border-t border-gray-200 align-top">
                <td className="py-1 pr-3">
                  {messageTable[message.kind].label}
                  {message.resend_of ? ' (sent again)' : ''}
                </td>
                <td className="py-1 pr-3">{CHANNEL_LABELS[message.channel]}</td>
                <td className="py-1 pr-3">{message.recipient ?? '—'}</td>
                <td className="py-1 pr-3">
                  {messageState(message)}
                  {message.delivery_status_at ? <span className="block text-xs text-gray-600">{dateTime(message.delivery_status_at)}</span> : null}
                </td>
                <td className="py-1">
                  {message.delivery_status !== null && (
                    <button
                      type="button"
                      className="rounded-md border border-gray-300 px-2 py-1 text-xs font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60"
                      disabled={busy === message.id}
                      onClick={() => void resend(message)}
                      aria-label={`Send again: ${messageTable[message.kind].label} by ${CHANNEL_LABELS[message.channel]}`}
                    >
                      Send again
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
