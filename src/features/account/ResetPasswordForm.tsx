import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { AFTER_LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../auth/public';
import { authErrorSentences } from '../../lib/auth-error-sentences';
import { sameSentenceIn } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { ENGLISH_RESET_TEXT, type ResetText } from './reset-text';
import { Alert, Notice, PasswordField, SubmitButton } from '../../components/form-ui';

// Needed only when the link has expired.
const ForgotPasswordForm = lazy(() => import('../auth/ForgotPasswordForm'));

type State =
  | { kind: 'starting' }
  | { kind: 'expired'; message: string }
  | { kind: 'ready'; busy?: boolean; error?: string; fields?: Record<string, string> }
  | { kind: 'done' };

/**
 * /reset-password, opened from the recovery mail: the link signs the customer in, they choose a new
 * password twice, and go on to the products. An expired or used link offers a new mail.
 */
export default function ResetPasswordForm({ text = ENGLISH_RESET_TEXT }: { text?: ResetText }) {
  const [state, setState] = useState<State>({ kind: 'starting' });
  const words = text.resetPassword;
  const sentences = authErrorSentences(text.auth);

  useEffect(() => {
    void import('./auth-link').then(async ({ signInFromLink, takeAuthLink }) => {
      const link = takeAuthLink();
      if (link.kind === 'error') setState({ kind: 'expired', message: text.auth.resetLinkExpired });
      else if (link.kind === 'session') {
        const result = await signInFromLink(link);
        setState(result.ok ? { kind: 'ready' } : { kind: 'expired', message: text.auth.resetLinkExpired });
      } else {
        // Reloading after the link worked: the recovery session is already stored.
        setState(hasStoredSession() ? { kind: 'ready' } : { kind: 'expired', message: text.auth.resetLinkMissing });
      }
    });
  }, []);

  useEffect(() => {
    if (state.kind !== 'done') return undefined;
    const timer = setTimeout(() => window.location.assign(pathUnder(text.prefix, AFTER_LOGIN_PATH)), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind, text.prefix]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== 'ready' || state.busy) return;
    const form = new FormData(event.currentTarget);
    setState({ kind: 'ready', busy: true });
    // Until the error sentences load, a failure can only be the network.
    let describe = (_error: unknown): string => sentences.network;
    try {
      const [{ newPasswordSchema, fieldErrors }, { authErrorMessage }] = await Promise.all([import('./account-schemas'), import('../../lib/auth-errors')]);
      describe = (error) => authErrorMessage(error, sentences);
      const parsed = newPasswordSchema.safeParse({ password: String(form.get('password') ?? ''), confirm: String(form.get('confirm') ?? '') });
      if (!parsed.success) {
        const fields = Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [field, sameSentenceIn(message, ENGLISH_RESET_TEXT.auth, text.auth)]);
        setState({ kind: 'ready', fields: Object.fromEntries(fields) });
        return;
      }
      const { error } = await (await loadSupabase()).auth.updateUser({ password: parsed.data.password });
      if (!error) setState({ kind: 'done' });
      else if (error.code === 'same_password') setState({ kind: 'ready', error: text.auth.samePassword });
      else if (error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403) setState({ kind: 'expired', message: text.auth.resetLinkExpired });
      else setState({ kind: 'ready', error: describe(error) });
    } catch (error) {
      setState({ kind: 'ready', error: describe(error) });
    }
  }

  if (state.kind === 'expired') {
    return (
      <Suspense fallback={<p className="text-gray-600">{words.loading}</p>}>
        <ForgotPasswordForm heading={words.expiredHeading} intro={state.message} text={text} />
      </Suspense>
    );
  }

  const fields = state.kind === 'ready' ? (state.fields ?? {}) : {};
  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{text.auth.resetHeading}</h1>
      {state.kind === 'starting' && <p className="mt-6 text-center text-sm text-gray-600">{words.checking}</p>}
      {state.kind === 'done' && (
        <div className="mt-6">
          <Notice>{text.auth.resetDone}</Notice>
        </div>
      )}
      {state.kind === 'ready' && (
        <form className="mt-6 space-y-5" onSubmit={handleSubmit} noValidate>
          <PasswordField
            id="reset-password"
            name="password"
            label={words.newPassword}
            autoComplete="new-password"
            required
            hint={words.hint}
            error={fields.password}
            showHide={text.passwordField}
          />
          <PasswordField id="reset-confirm" name="confirm" label={words.repeat} autoComplete="new-password" required error={fields.confirm} showHide={text.passwordField} />
          {state.error && <Alert>{state.error}</Alert>}
          <SubmitButton busy={state.busy} busyLabel={words.saving}>
            {words.save}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
