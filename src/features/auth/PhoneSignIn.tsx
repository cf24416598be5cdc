import { useEffect, useState, type FormEvent } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from './auth-strings';
import { ENGLISH_LOGIN_TEXT, type LoginText } from './login-text';
import { fill } from '../../domain/strings/format';
import { formatIndianMobile } from '../../domain/indian-mobile';
import { OTP_LIFETIME_MS, OTP_RESEND_SECONDS } from './otp-strings';
import { afterLoginPath } from './after-login';
import { authErrorMessage } from '../../lib/auth-errors';
import { authErrorSentences } from '../../lib/auth-error-sentences';
import { Alert, Field, MobileField, Notice, secondaryButton, SubmitButton } from '../../components/form-ui';
import { codeFailure, rememberUsedCode } from './used-codes';

type Step =
  | { kind: 'phone'; error?: string; fieldError?: string; busy?: boolean }
  | { kind: 'code'; phone: string; sentAt: number; error?: string; busy?: boolean; success?: boolean };

/** Loads the auth client after the page's session check, so the cart merge sees the sign-in (as the email form does). */
async function authClient() {
  const [{ sessionChecked }, { supabase }] = await Promise.all([import('./header-auth-session'), import('../../lib/browser/supabase-client')]);
  await sessionChecked;
  return supabase;
}

/** The "Mobile number" tab of /login: a 6-digit code by SMS (Supabase phone OTP), then the usual success path. */
export default function PhoneSignIn({ text = ENGLISH_LOGIN_TEXT }: { text?: LoginText }) {
  const words = text.login;
  const sentences = authErrorSentences(text.auth);
  const otpErrors = { wrong: text.auth.otpWrong, expired: text.auth.otpExpired, used: text.auth.otpUsed, format: text.auth.otpFormat, noAccount: text.auth.otpNoAccount };
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [now, setNow] = useState(() => Date.now());

  const waiting = step.kind === 'code' ? Math.max(0, OTP_RESEND_SECONDS - Math.floor((now - step.sentAt) / 1000)) : 0;
  useEffect(() => {
    if (waiting === 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [waiting, now]);

  useEffect(() => {
    if (step.kind !== 'code' || !step.success) return undefined;
    const timer = setTimeout(() => window.location.assign(afterLoginPath(window.location.search, text.prefix)), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  async function sendCode(phone: string): Promise<string | null> {
    try {
      // Signing in only: a number typed here must not open a second, empty account for a customer
      // who signed up with their email (their mobile becomes a sign-in once confirmed on /account).
      const { error } = await (await authClient()).auth.signInWithOtp({ phone, options: { shouldCreateUser: false } });
      if (error?.code === 'otp_disabled') return otpErrors.noAccount;
      return error ? authErrorMessage(error, sentences) : null;
    } catch (error) {
      return authErrorMessage(error, sentences);
    }
  }

  async function handlePhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== 'phone' || step.busy) return;
    const typed = String(new FormData(event.currentTarget).get('mobile') ?? '');
    setStep({ kind: 'phone', busy: true });
    const { indianMobileSchema } = await import('../../domain/address');
    const parsed = indianMobileSchema.safeParse(typed);
    if (!parsed.success) {
      setStep({ kind: 'phone', fieldError: sentences.invalidMobile });
      document.getElementById('otp-mobile')?.focus();
      return;
    }
    const error = await sendCode(parsed.data);
    if (error) setStep({ kind: 'phone', error });
    else {
      setNow(Date.now());
      setStep({ kind: 'code', phone: parsed.data, sentAt: Date.now() });
    }
  }

  async function handleResend() {
    if (step.kind !== 'code' || waiting > 0) return;
    const error = await sendCode(step.phone);
    setNow(Date.now());
    setStep(error ? { ...step, error } : { kind: 'code', phone: step.phone, sentAt: Date.now() });
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind !== 'code' || step.busy || step.success) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) {
      setStep({ ...step, error: otpErrors.format });
      return;
    }
    setStep({ ...step, busy: true, error: undefined });
    try {
      const { error } = await (await authClient()).auth.verifyOtp({ phone: step.phone, token: code, type: 'sms' });
      if (!error) {
        rememberUsedCode(window.localStorage, step.phone, code);
        setStep({ ...step, busy: false, success: true });
        return;
      }
      const message = error.code === 'otp_expired' ? otpErrors[codeFailure(window.localStorage, step.phone, code, step.sentAt, OTP_LIFETIME_MS)] : authErrorMessage(error, sentences);
      setStep({ ...step, busy: false, error: message });
    } catch (error) {
      setStep({ ...step, busy: false, error: authErrorMessage(error, sentences) });
    }
  }

  if (step.kind === 'phone') {
    return (
      <form className="space-y-5" onSubmit={handlePhone} noValidate>
        <MobileField id="otp-mobile" label={words.mobileNumber} required error={step.fieldError} />
        {step.error && <Alert>{step.error}</Alert>}
        <SubmitButton busy={step.busy} busyLabel={words.sendingCode}>
          {words.sendCode}
        </SubmitButton>
      </form>
    );
  }

  return (
    <form className="space-y-5" onSubmit={handleCode} noValidate>
      <Notice>{fill(text.auth.otpSent, { mobile: formatIndianMobile(step.phone) })}</Notice>
      <Field
        id="otp-code"
        name="code"
        label={words.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]{6}"
        required
        autoFocus
      />
      {step.error && <Alert>{step.error}</Alert>}
      {step.success && <Notice>{text.auth.loginSuccess}</Notice>}
      <SubmitButton busy={step.busy || step.success}>{words.verify}</SubmitButton>
      <div className="flex items-center justify-between gap-2 text-sm">
        <button type="button" onClick={() => setStep({ kind: 'phone' })} className={secondaryButton}>
          {words.changeNumber}
        </button>
        <button type="button" onClick={() => void handleResend()} disabled={waiting > 0} className={secondaryButton}>
          {waiting > 0 ? fill(words.sendNewCodeIn, { seconds: waiting }) : words.sendNewCode}
        </button>
      </div>
    </form>
  );
}
