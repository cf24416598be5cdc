import { useEffect, useState } from 'react';
import { z } from 'zod';
import { formatIndianMobile } from '../../domain/indian-mobile';
import { fill } from '../../domain/strings/format';
import type { AccountText } from './account-text';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { Alert } from '../../components/form-ui';

const choicesSchema = z.object({ mobiles: z.array(z.object({ mobile: z.string(), optedIn: z.boolean() })) });
type Choices = z.infer<typeof choicesSchema>['mobiles'];

async function call(body?: { mobile: string; optIn: boolean }): Promise<Choices> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const response = await fetch('/api/account/whatsapp', {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${data.session?.access_token ?? ''}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return choicesSchema.parse(await response.json()).mobiles;
}

/**
 * /account: "Order updates on WhatsApp" for each of the customer's mobiles (the account's, their
 * addresses' and orders'). Order SMS need no choice: they are the order's own news.
 */
export function WhatsAppUpdates({ text }: { text: AccountText }) {
  const words = text.accountPage;
  const [mobiles, setMobiles] = useState<Choices | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call().then(setMobiles, () => setError(words.whatsappFailed));
  }, [words.whatsappFailed]);

  async function change(mobile: string, optIn: boolean) {
    setError(null);
    try {
      setMobiles(await call({ mobile, optIn }));
    } catch {
      setError(words.whatsappFailed);
    }
  }

  return (
    <section aria-labelledby="whatsapp-heading" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="whatsapp-heading" className="text-lg font-semibold text-gray-900">
        {text.delivery.whatsappOptIn}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {text.delivery.whatsappOptInDetail} {words.whatsappBySms}
      </p>
      {error && <Alert>{error}</Alert>}
      {mobiles?.length === 0 && <p className="mt-2 text-sm text-gray-700">{words.whatsappNoMobile}</p>}
      {mobiles && mobiles.length > 0 && (
        <ul className="mt-3 space-y-2">
          {mobiles.map(({ mobile, optedIn }) => (
            <li key={mobile}>
              <label className="flex items-center gap-2 text-sm text-gray-800">
                <input type="checkbox" className="h-4 w-4" checked={optedIn} onChange={(event) => void change(mobile, event.target.checked)} />
                {fill(words.whatsappTo, { mobile: formatIndianMobile(mobile) })}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
