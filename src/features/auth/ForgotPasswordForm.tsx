import { useState, type FormEvent } from 'react';
import { Alert, Field, SubmitButton } from '../../components/form-ui';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { ENGLISH_LOGIN_TEXT, type LoginText } from './login-text';
import { pathUnder } from '../../domain/strings/paths';

type ResetStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/** /forgot-password (and an expired link on /reset-password): mails a link that opens /reset-password. */
export default function ForgotPasswordForm({ heading, intro, text = ENGLISH_LOGIN_TEXT }: { heading?: string; intro?: string; text?: LoginText }) {
  const [status, setStatus] = useState<ResetStatus>({ kind: 'idle' });
  const words = text.login;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const email = String(new FormData(event.currentTarget).get('email')).trim();
    setStatus({ kind: 'sending' });
    try {
      const { error } = await (await loadSupabase()).auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}${pathUnder(text.prefix, '/reset-password')}` });
      setStatus(error ? { kind: 'error', message: error.message } : { kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{heading ?? words.forgotHeading}</h1>
      {status.kind === 'sent' ? (
        <p role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 px-3 py-3 text-sm text-brand-800">
          {text.auth.resetLinkSent}
        </p>
      ) : (
        <form className="mt-6 space-y-5" onSubmit={handleSubmit}>
          {intro && (
            <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {intro}
            </p>
          )}
          <p className="text-sm text-gray-600">{words.forgotIntro}</p>
          <Field id="reset-email" name="email" type="email" label={words.email} required autoComplete="email" />
          {status.kind === 'error' && <Alert>{status.message}</Alert>}
          <SubmitButton busy={status.kind === 'sending'} busyLabel={words.sendingLink}>
            {words.sendResetLink}
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <a href={pathUnder(text.prefix, '/login')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.backToSignIn}
        </a>
      </p>
    </div>
  );
}
