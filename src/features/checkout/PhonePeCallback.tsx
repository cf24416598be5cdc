import { useEffect, useState } from 'react';
import { paymentApi } from './browser-checkout';
import { words } from './checkout-strings';
import { CALLBACK_REDIRECT_MS, callbackOutcome, callbackReturn, callbackTransactionId } from './phonepe-callback';
import type { PhonePeOutcome } from './phonepe-outcome';
import { readPendingPayment } from './phonepe-transaction';
import { pagePathPrefix } from '../../lib/browser/page-text';
import { pathUnder } from '../../domain/strings/paths';

/** /payment/phonepe/callback: verifying, then success or failed, then back to /cart (or the request page paid from) after 3 s. */
/** `verifying`: the first line in the page's language, as the build draws it (the browser's words come from the page). */
export default function PhonePeCallback({ verifying }: { verifying: string }) {
  const [outcome, setOutcome] = useState<PhonePeOutcome | null>(null);
  const [sentence, setSentence] = useState('');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stored = readPendingPayment(window.sessionStorage);
    const transactionId = callbackTransactionId(window.location.search, stored?.merchantTransactionId ?? null);
    const back = callbackReturn(transactionId, stored);
    setSentence(back.sentence);
    void callbackOutcome(transactionId, (id) => paymentApi.verifyPhonePePayment(id)).then((answer) => {
      setOutcome(answer);
      // Back to the page in the callback page's own language (the order's).
      timer = setTimeout(() => window.location.assign(pathUnder(pagePathPrefix(), back.path)), CALLBACK_REDIRECT_MS);
    });
    return () => clearTimeout(timer);
  }, []);

  if (!outcome) {
    return (
      <p role="status" className="text-lg text-gray-800">
        {verifying}
      </p>
    );
  }
  const tone =
    outcome.kind === 'verified'
      ? 'border-brand-600 bg-brand-50 text-brand-900'
      : outcome.kind === 'pending'
        ? 'border-amber-400 bg-amber-50 text-amber-900'
        : 'border-red-300 bg-red-50 text-red-900';
  return (
    <div role={outcome.kind === 'failed' ? 'alert' : 'status'} className={`rounded-xl border p-6 ${tone}`}>
      {outcome.kind === 'failed' && <h2 className="font-semibold">{words().paymentFailedHeading}</h2>}
      <p className="text-lg">{outcome.message}</p>
      <p className="mt-3 text-sm">{sentence}</p>
    </div>
  );
}
