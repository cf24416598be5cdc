import { useState, type FormEvent } from 'react';
import { Alert, Field, SubmitButton } from '../../components/form-ui';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { RESET_LINK_SENT_MESSAGE } from './auth-strings';

type ResetStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/** /forgot-password (and an expired link on /reset-password): mails a link that opens /reset-password. */
export default function ForgotPasswordForm({ heading = 'Reset your password', intro }: { heading?: string; intro?: string }) {
  const [status, setStatus] = useState<ResetStatus>({ kind: 'idle' });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const email = String(new FormData(event.currentTarget).get('email')).trim();
    setStatus({ kind: 'sending' });
    try {
      const { error } = await (await loadSupabase()).auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` });
      setStatus(error ? { kind: 'error', message: error.message } : { kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{heading}</h1>
      {status.kind === 'sent' ? (
        <p role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 px-3 py-3 text-sm text-brand-800">
          {RESET_LINK_SENT_MESSAGE}
        </p>
      ) : (
        <form className="mt-6 space-y-5" onSubmit={handleSubmit}>
          {intro && (
            <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {intro}
            </p>
          )}
          <p className="text-sm text-gray-600">Enter the email you sign in with and we'll send you a link to choose a new password.</p>
          <Field id="reset-email" name="email" type="email" label="Email" required autoComplete="email" />
          {status.kind === 'error' && <Alert>{status.message}</Alert>}
          <SubmitButton busy={status.kind === 'sending'} busyLabel="Sending link...">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <a href="/login" className="font-medium text-brand-700 hover:text-brand-800">
          Back to Sign In
        </a>
      </p>
    </div>
  );
}
