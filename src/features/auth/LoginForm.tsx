import { lazy, Suspense, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Field, Notice, PasswordField, SubmitButton } from '../../components/form-ui';
import { afterLoginPath } from './after-login';
import { LOGIN_REDIRECT_DELAY_MS } from './auth-strings';
import { ENGLISH_LOGIN_TEXT, type LoginText } from './login-text';
import { pathUnder } from '../../domain/strings/paths';

// The mobile tab's code loads only when a customer opens it.
const PhoneSignIn = lazy(() => import('./PhoneSignIn'));

type LoginTab = 'email' | 'mobile';

type LoginStatus = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success' } | { kind: 'error'; message: string };

/**
 * /login: email and password (checked by the browser), Remember me, then on to the products (or
 * back to the page that sent a guest here); a second tab signs in with a code sent by SMS.
 */
export default function LoginForm({ text = ENGLISH_LOGIN_TEXT }: { text?: LoginText }) {
  const words = text.login;
  const [status, setStatus] = useState<LoginStatus>({ kind: 'idle' });
  const [tab, setTab] = useState<LoginTab>('email');

  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: LoginTab = event.key === 'Home' ? 'email' : event.key === 'End' ? 'mobile' : tab === 'email' ? 'mobile' : 'email';
    setTab(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  }

  const tabButton = (id: LoginTab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`login-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`login-panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={handleTabKey}
      className={`flex-1 border-b-2 px-3 py-2 text-sm font-semibold ${tab === id ? 'border-brand-700 text-brand-800' : 'border-transparent text-gray-600 hover:text-gray-900'}`}
    >
      {label}
    </button>
  );

  useEffect(() => {
    if (status.kind !== 'success') return undefined;
    const timer = setTimeout(() => window.location.assign(afterLoginPath(window.location.search, text.prefix)), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status.kind]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting' || status.kind === 'success') return;
    const form = new FormData(event.currentTarget);
    setStatus({ kind: 'submitting' });
    // Loaded on submit, so the page ships no Supabase client; the session code starts first so the
    // cart-sync merge sees the sign-in happen.
    try {
      const [{ sessionChecked }, { signIn }] = await Promise.all([import('./header-auth-session'), import('./auth-store')]);
      await sessionChecked;
      const result = await signIn(String(form.get('email')), String(form.get('password')), form.get('remember') === 'on');
      setStatus(result.ok ? { kind: 'success' } : { kind: 'error', message: result.message });
    } catch (error) {
      console.error('Sign-in could not start', error);
      setStatus({ kind: 'error', message: text.auth.loginFailed });
    }
  }

  const busy = status.kind === 'submitting' || status.kind === 'success';
  return (
    <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-sm">
      <h1 className="text-center text-2xl font-bold text-gray-900">{text.auth.loginHeading}</h1>
      <div role="tablist" aria-label={words.signInWith} className="mt-6 flex border-b border-gray-200">
        {tabButton('email', words.emailTab)}
        {tabButton('mobile', words.mobileTab)}
      </div>
      <div id="login-panel-mobile" role="tabpanel" hidden={tab !== 'mobile'} className="mt-6">
        {tab === 'mobile' && (
          <Suspense fallback={<p className="text-sm text-gray-600">{words.loading}</p>}>
            <PhoneSignIn text={text} />
          </Suspense>
        )}
      </div>
      <div id="login-panel-email" role="tabpanel" hidden={tab !== 'email'}>
        <form className="mt-6 space-y-5" onSubmit={handleSubmit}>
          <Field id="login-email" name="email" type="email" label={words.email} required autoComplete="email" />
          <PasswordField id="login-password" name="password" label={words.password} showHide={text.passwordField} required autoComplete="current-password" />
          <div className="flex items-center justify-between text-sm">
            <label className="flex items-center gap-2 text-gray-700">
              <input name="remember" type="checkbox" className="h-4 w-4 rounded border-gray-300 accent-brand-700" />
              {words.rememberMe}
            </label>
            <a href={pathUnder(text.prefix, '/forgot-password')} className="font-medium text-brand-700 hover:text-brand-800">
              {words.forgotPassword}
            </a>
          </div>
          {status.kind === 'error' && <Alert>{status.message}</Alert>}
          {status.kind === 'success' && <Notice>{text.auth.loginSuccess}</Notice>}
          <SubmitButton busy={busy}>{words.signIn}</SubmitButton>
        </form>
      </div>
      <p className="mt-6 text-center text-sm text-gray-600">
        {words.newHere}{' '}
        <a href={pathUnder(text.prefix, '/signup')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.createAccount}
        </a>
      </p>
    </div>
  );
}
