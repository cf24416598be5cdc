import { useState, type FormEvent } from 'react';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { CHECK_INBOX_HEADING, checkInboxMessage, SIGNUP_ERRORS, SIGNUP_HEADING } from './signup-strings';
import { Alert, Field, MobileField, PasswordField, SubmitButton } from '../../components/form-ui';

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'sent'; email: string }
  | { kind: 'error'; message: string; fields: Record<string, string> };

/**
 * /signup: name, email, Indian mobile, password and the 18+/terms consent. Supabase mails a link;
 * opening it lands on /account signed in. The schema and supabase-js load only on submit.
 */
export default function SignUpForm() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting') return;
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'submitting' });
    // Until the error sentences load, a failure can only be the network.
    let describe = (_error: unknown): string => SIGNUP_ERRORS.network;
    try {
      const [{ signUpSchema, fieldErrors }, { authErrorMessage }] = await Promise.all([import('./account-schemas'), import('../../lib/auth-errors')]);
      describe = authErrorMessage;
      const parsed = signUpSchema.safeParse({
        full_name: String(form.get('full_name') ?? ''),
        email: String(form.get('email') ?? '').trim(),
        mobile: String(form.get('mobile') ?? ''),
        password: String(form.get('password') ?? ''),
        terms: form.get('terms') === 'on',
      });
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        setStatus({ kind: 'error', message: '', fields });
        document.getElementById(`signup-${Object.keys(fields)[0]?.replace('_', '-')}`)?.focus();
        return;
      }
      const { email, password, full_name: fullName, mobile } = parsed.data;
      const supabase = await loadSupabase();
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        options: { emailRedirectTo: `${window.location.origin}/account`, data: { full_name: fullName, mobile } },
      });
      if (error) {
        setStatus({ kind: 'error', message: describe(error), fields: {} });
      } else if (data.user && data.user.identities?.length === 0) {
        // Supabase's only sign of an address that already has an account (no mail is sent).
        setStatus({ kind: 'error', message: SIGNUP_ERRORS.alreadyRegistered, fields: {} });
      } else {
        setStatus({ kind: 'sent', email });
      }
    } catch (error) {
      setStatus({ kind: 'error', message: describe(error), fields: {} });
    }
  }

  if (status.kind === 'sent') {
    return (
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-bold text-gray-900">{CHECK_INBOX_HEADING}</h1>
        <p role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 px-3 py-3 text-sm text-brand-800">
          {checkInboxMessage(status.email)}
        </p>
        <p className="mt-6 text-center text-sm text-gray-600">
          Wrong address?{' '}
          <button type="button" onClick={() => setStatus({ kind: 'idle' })} className="font-medium text-brand-700 underline hover:text-brand-800">
            Start again
          </button>
        </p>
      </div>
    );
  }

  const fields = status.kind === 'error' ? status.fields : {};
  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{SIGNUP_HEADING}</h1>
      <form className="mt-6 space-y-5" onSubmit={handleSubmit} noValidate>
        <Field id="signup-full-name" name="full_name" label="Full name" autoComplete="name" required error={fields.full_name} />
        <Field id="signup-email" name="email" type="email" label="Email" autoComplete="email" required error={fields.email} />
        <MobileField id="signup-mobile" required hint="10 digits, for delivery updates and signing in with a code." error={fields.mobile} />
        <PasswordField
          id="signup-password"
          name="password"
          label="Password"
          autoComplete="new-password"
          required
          hint="At least 8 characters, with a letter and a digit."
          error={fields.password}
        />
        <div>
          <div className="flex items-start gap-2 text-sm text-gray-700">
            <input
              id="signup-terms"
              name="terms"
              type="checkbox"
              required
              aria-invalid={fields.terms ? true : undefined}
              aria-describedby={fields.terms ? 'signup-terms-error' : undefined}
              className="mt-0.5 h-4 w-4 rounded border-gray-300 accent-brand-700"
            />
            <span>
              <label htmlFor="signup-terms">I am 18 or older and accept the Terms and Privacy Policy</label> (read the{' '}
              <a href="/terms-and-conditions" className="font-medium text-brand-700 underline hover:text-brand-800">
                Terms
              </a>{' '}
              and the{' '}
              <a href="/privacy-policy" className="font-medium text-brand-700 underline hover:text-brand-800">
                Privacy Policy
              </a>
              ).
            </span>
          </div>
          {fields.terms && (
            <p id="signup-terms-error" className="mt-1 text-sm text-red-700">
              {fields.terms}
            </p>
          )}
        </div>
        {status.kind === 'error' && status.message && <Alert>{status.message}</Alert>}
        <SubmitButton busy={status.kind === 'submitting'} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{' '}
        <a href="/login" className="font-medium text-brand-700 hover:text-brand-800">
          Sign in
        </a>
      </p>
    </div>
  );
}
