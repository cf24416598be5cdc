import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { AFTER_LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from '../auth/public';
import { SIGNUP_ERRORS } from './signup-strings';
import { RESET_DONE_MESSAGE, RESET_HEADING, RESET_LINK_EXPIRED, RESET_LINK_MISSING, SAME_PASSWORD } from './reset-strings';
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
export default function ResetPasswordForm() {
  const [state, setState] = useState<State>({ kind: 'starting' });

  useEffect(() => {
    void import('./auth-link').then(async ({ signInFromLink, takeAuthLink }) => {
      const link = takeAuthLink();
      if (link.kind === 'error') setState({ kind: 'expired', message: RESET_LINK_EXPIRED });
      else if (link.kind === 'session') {
        const result = await signInFromLink(link);
        setState(result.ok ? { kind: 'ready' } : { kind: 'expired', message: RESET_LINK_EXPIRED });
      } else {
        // Reloading after the link worked: the recovery session is already stored.
        setState(hasStoredSession() ? { kind: 'ready' } : { kind: 'expired', message: RESET_LINK_MISSING });
      }
    });
  }, []);

  useEffect(() => {
    if (state.kind !== 'done') return undefined;
    const timer = setTimeout(() => window.location.assign(AFTER_LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind !== 'ready' || state.busy) return;
    const form = new FormData(event.currentTarget);
    setState({ kind: 'ready', busy: true });
    // Until the error sentences load, a failure can only be the network.
    let describe = (_error: unknown): string => SIGNUP_ERRORS.network;
    try {
      const [{ newPasswordSchema, fieldErrors }, { authErrorMessage }] = await Promise.all([import('./account-schemas'), import('../../lib/auth-errors')]);
      describe = authErrorMessage;
      const parsed = newPasswordSchema.safeParse({ password: String(form.get('password') ?? ''), confirm: String(form.get('confirm') ?? '') });
      if (!parsed.success) {
        setState({ kind: 'ready', fields: fieldErrors(parsed.error) });
        return;
      }
      const { error } = await (await loadSupabase()).auth.updateUser({ password: parsed.data.password });
      if (!error) setState({ kind: 'done' });
      else if (error.code === 'same_password') setState({ kind: 'ready', error: SAME_PASSWORD });
      else if (error.name === 'AuthSessionMissingError' || error.status === 401 || error.status === 403) setState({ kind: 'expired', message: RESET_LINK_EXPIRED });
      else setState({ kind: 'ready', error: describe(error) });
    } catch (error) {
      setState({ kind: 'ready', error: describe(error) });
    }
  }

  if (state.kind === 'expired') {
    return (
      <Suspense fallback={<p className="text-gray-600">Loading...</p>}>
        <ForgotPasswordForm heading="Reset link expired" intro={state.message} />
      </Suspense>
    );
  }

  const fields = state.kind === 'ready' ? (state.fields ?? {}) : {};
  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{RESET_HEADING}</h1>
      {state.kind === 'starting' && <p className="mt-6 text-center text-sm text-gray-600">Checking your link...</p>}
      {state.kind === 'done' && (
        <div className="mt-6">
          <Notice>{RESET_DONE_MESSAGE}</Notice>
        </div>
      )}
      {state.kind === 'ready' && (
        <form className="mt-6 space-y-5" onSubmit={handleSubmit} noValidate>
          <PasswordField
            id="reset-password"
            name="password"
            label="New password"
            autoComplete="new-password"
            required
            hint="At least 8 characters, with a letter and a digit."
            error={fields.password}
          />
          <PasswordField id="reset-confirm" name="confirm" label="Repeat new password" autoComplete="new-password" required error={fields.confirm} />
          {state.error && <Alert>{state.error}</Alert>}
          <SubmitButton busy={state.busy} busyLabel="Saving...">
            Save new password
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
