import { useState, type FormEvent } from 'react';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { ENGLISH_SIGNUP_TEXT, type SignUpText } from './signup-text';
import { authErrorSentences } from '../../lib/auth-error-sentences';
import { fill, sameSentenceIn } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
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
export default function SignUpForm({ text = ENGLISH_SIGNUP_TEXT }: { text?: SignUpText }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const words = text.signup;
  const sentences = authErrorSentences(text.auth);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting') return;
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'submitting' });
    // Until the error sentences load, a failure can only be the network.
    let describe = (_error: unknown): string => sentences.network;
    try {
      const [{ signUpSchema, fieldErrors }, { authErrorMessage }] = await Promise.all([import('./account-schemas'), import('../../lib/auth-errors')]);
      describe = (error) => authErrorMessage(error, sentences);
      const parsed = signUpSchema.safeParse({
        full_name: String(form.get('full_name') ?? ''),
        email: String(form.get('email') ?? '').trim(),
        mobile: String(form.get('mobile') ?? ''),
        password: String(form.get('password') ?? ''),
        terms: form.get('terms') === 'on',
      });
      if (!parsed.success) {
        // The schema's sentences are English's: each said again in the page's language.
        const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field, sameSentenceIn(sameSentenceIn(message, ENGLISH_SIGNUP_TEXT.auth, text.auth), ENGLISH_SIGNUP_TEXT.address, text.address)]));
        setStatus({ kind: 'error', message: '', fields });
        document.getElementById(`signup-${Object.keys(fields)[0]?.replace('_', '-')}`)?.focus();
        return;
      }
      const { email, password, full_name: fullName, mobile } = parsed.data;
      const supabase = await loadSupabase();
      const { data, error } = await supabase.auth.signUp({
        email,
        password,
        // language: the mails Supabase Auth sends this account (supabase/templates) are written in it.
        options: { emailRedirectTo: `${window.location.origin}${pathUnder(text.prefix, '/account')}`, data: { full_name: fullName, mobile, language: text.language } },
      });
      if (error) {
        setStatus({ kind: 'error', message: describe(error), fields: {} });
      } else if (data.user && data.user.identities?.length === 0) {
        // Supabase's only sign of an address that already has an account (no mail is sent).
        setStatus({ kind: 'error', message: sentences.alreadyRegistered, fields: {} });
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
        <h1 className="text-center text-2xl font-bold text-gray-900">{text.auth.checkInboxHeading}</h1>
        <p role="status" className="mt-6 rounded-md border border-brand-100 bg-brand-50 px-3 py-3 text-sm text-brand-800">
          {fill(text.auth.checkInbox, { email: status.email })}
        </p>
        <p className="mt-6 text-center text-sm text-gray-600">
          {words.wrongAddress}{' '}
          <button type="button" onClick={() => setStatus({ kind: 'idle' })} className="font-medium text-brand-700 underline hover:text-brand-800">
            {words.startAgain}
          </button>
        </p>
      </div>
    );
  }

  const fields = status.kind === 'error' ? status.fields : {};
  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{text.auth.signupHeading}</h1>
      <form className="mt-6 space-y-5" onSubmit={handleSubmit} noValidate>
        <Field id="signup-full-name" name="full_name" label={words.fullName} autoComplete="name" required error={fields.full_name} />
        <Field id="signup-email" name="email" type="email" label={words.email} autoComplete="email" required error={fields.email} />
        <MobileField id="signup-mobile" label={words.mobileNumber} required hint={words.mobileHint} error={fields.mobile} />
        <PasswordField
          id="signup-password"
          name="password"
          label={words.password}
          showHide={text.passwordField}
          autoComplete="new-password"
          required
          hint={words.passwordHint}
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
              <label htmlFor="signup-terms">{words.terms}</label> {words.readThe}{' '}
              <a href={pathUnder(text.prefix, '/terms-and-conditions')} className="font-medium text-brand-700 underline hover:text-brand-800">
                {words.termsLink}
              </a>{' '}
              {words.andThe}{' '}
              <a href={pathUnder(text.prefix, '/privacy-policy')} className="font-medium text-brand-700 underline hover:text-brand-800">
                {words.privacyLink}
              </a>
              {words.closing}
            </span>
          </div>
          {fields.terms && (
            <p id="signup-terms-error" className="mt-1 text-sm text-red-700">
              {fields.terms}
            </p>
          )}
        </div>
        {status.kind === 'error' && status.message && <Alert>{status.message}</Alert>}
        <SubmitButton busy={status.kind === 'submitting'} busyLabel={words.creating}>
          {words.create}
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-gray-600">
        {words.haveAccount}{' '}
        <a href={pathUnder(text.prefix, '/login')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.signIn}
        </a>
      </p>
    </div>
  );
}
