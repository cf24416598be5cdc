import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { formatIndianMobile, localMobileDigits } from '../../domain/indian-mobile';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { pageLanguage } from '../../lib/browser/page-text';
import { signOut } from '../auth/public';
import type { AccountStart } from './account-session';
import { authErrorMessage as describedError } from '../../lib/auth-errors';
import { authErrorSentences } from '../../lib/auth-error-sentences';
import { countText, fill } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { sentenceIn, type AccountText } from './account-text';
import type { DeletionResult } from './server/deletion-result';
import { Alert, Field, MobileField, Notice, PasswordField, secondaryButton, SubmitButton } from '../../components/form-ui';
import { RefillReminders } from './RefillReminders';
import { WhatsAppUpdates } from './WhatsAppUpdates';

const card = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';

/** A failure from Supabase or the network, said in the page's language. */
const errorIn = (text: AccountText) => (error: unknown) => describedError(error, authErrorSentences(text.auth));

/** A schema's first message per field, in the page's language. */
const fieldsIn = (text: AccountText, fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, sentenceIn(text, message)]));

type Feedback = { ok?: string; error?: string; fields?: Record<string, string>; busy?: boolean };

/** The number the customer confirmed (auth phone), else the one given at sign-up, unconfirmed. */
const accountMobile = (user: User) => user.phone || (typeof user.user_metadata.mobile === 'string' ? user.user_metadata.mobile : '');

function Profile({ user, onUser, text }: { user: User; onUser(user: User): void; text: AccountText }) {
  const words = text.accountPage;
  const authErrorMessage = errorIn(text);
  const [feedback, setFeedback] = useState<Feedback>({});
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (feedback.busy) return;
    const form = new FormData(event.currentTarget);
    setFeedback({ busy: true });
    try {
      const { profileSchema, fieldErrors } = await import('./account-schemas');
      const parsed = profileSchema.safeParse({ full_name: form.get('full_name'), email: String(form.get('email') ?? '').trim(), mobile: String(form.get('mobile') ?? '').trim() });
      if (!parsed.success) return setFeedback({ fields: fieldsIn(text, fieldErrors(parsed.error)) });
      const supabase = await loadSupabase();
      const messages: string[] = [];
      const named = await supabase.auth.updateUser({ data: { full_name: parsed.data.full_name } });
      if (named.error) return setFeedback({ error: authErrorMessage(named.error) });
      let latest = named.data.user;
      if (parsed.data.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const changed = await supabase.auth.updateUser({ email: parsed.data.email }, { emailRedirectTo: `${window.location.origin}${pathUnder(text.prefix, '/account')}` });
        if (changed.error) return setFeedback({ error: authErrorMessage(changed.error), fields: {} });
        latest = changed.data.user;
        messages.push(fill(text.account.emailChangeSent, { email: parsed.data.email }));
      }
      const mobile = parsed.data.mobile;
      if (mobile && localMobileDigits(mobile) !== localMobileDigits(user.phone ?? '')) {
        const changed = await supabase.auth.updateUser({ phone: mobile });
        if (changed.error) return setFeedback({ error: authErrorMessage(changed.error) });
        latest = changed.data.user;
        setPendingPhone(mobile);
        messages.push(fill(text.auth.otpSent, { mobile: formatIndianMobile(mobile) }));
      }
      onUser(latest);
      setFeedback({ ok: [text.account.profileSaved, ...messages].join(' ') });
    } catch (error) {
      setFeedback({ error: authErrorMessage(error) });
    }
  }

  async function confirmPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pendingPhone) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) return setFeedback({ error: text.auth.otpFormat });
    const { data, error } = await (await loadSupabase()).auth.verifyOtp({ phone: pendingPhone, token: code, type: 'phone_change' });
    if (error) return setFeedback({ error: error.code === 'otp_expired' ? `${text.auth.otpWrong} ${text.auth.otpExpired}` : authErrorMessage(error) });
    if (data.user) onUser(data.user);
    setPendingPhone(null);
    setFeedback({ ok: text.account.mobileChanged });
  }

  const fields = feedback.fields ?? {};
  const mobile = accountMobile(user);
  return (
    <section aria-labelledby="profile-heading" className={card}>
      <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
        {words.yourDetails}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={save} noValidate>
        <Field id="profile-full-name" name="full_name" label={words.fullName} autoComplete="name" defaultValue={String(user.user_metadata.full_name ?? '')} error={fields.full_name} />
        <Field
          id="profile-email"
          name="email"
          type="email"
          label={words.email}
          autoComplete="email"
          defaultValue={user.email ?? ''}
          hint={user.new_email ? fill(words.emailPending, { email: user.new_email }) : words.emailHint}
          error={fields.email}
        />
        <MobileField
          id="profile-mobile"
          label={words.mobileNumber}
          defaultValue={localMobileDigits(mobile)}
          hint={user.phone ? words.mobileConfirmedHint : mobile ? words.mobileUnconfirmedHint : words.mobileOptionalHint}
          error={fields.mobile}
        />
        {feedback.error && <Alert>{feedback.error}</Alert>}
        {feedback.ok && <Notice>{feedback.ok}</Notice>}
        <SubmitButton busy={feedback.busy} fit>
          {words.saveChanges}
        </SubmitButton>
      </form>
      {pendingPhone && (
        <form className="mt-4 space-y-4 border-t border-gray-200 pt-4" onSubmit={confirmPhone} noValidate>
          <Field id="profile-code" name="code" label={words.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          <button type="submit" className={secondaryButton}>
            {words.confirmMobile}
          </button>
        </form>
      )}
    </section>
  );
}

function ChangePassword({ text }: { text: AccountText }) {
  const words = text.accountPage;
  const authErrorMessage = errorIn(text);
  const [feedback, setFeedback] = useState<Feedback>({});

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setFeedback({ busy: true });
    try {
      const { newPasswordSchema, fieldErrors } = await import('./account-schemas');
      const parsed = newPasswordSchema.safeParse({ password: String(form.get('password') ?? ''), confirm: String(form.get('confirm') ?? '') });
      if (!parsed.success) return setFeedback({ fields: fieldsIn(text, fieldErrors(parsed.error)) });
      const { error } = await (await loadSupabase()).auth.updateUser({ password: parsed.data.password });
      if (error) return setFeedback({ error: error.code === 'same_password' ? text.auth.samePassword : authErrorMessage(error) });
      formElement.reset();
      setFeedback({ ok: text.account.passwordChanged });
    } catch (error) {
      setFeedback({ error: authErrorMessage(error) });
    }
  }

  const fields = feedback.fields ?? {};
  return (
    <section aria-labelledby="password-heading" className={card}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        {words.changePassword}
      </h2>
      <form className="mt-4 space-y-4" onSubmit={save} noValidate>
        <PasswordField id="account-password" name="password" label={words.newPassword} autoComplete="new-password" hint={words.passwordHint} error={fields.password} showHide={text.passwordField} />
        <PasswordField id="account-confirm" name="confirm" label={words.repeatPassword} autoComplete="new-password" error={fields.confirm} showHide={text.passwordField} />
        {feedback.error && <Alert>{feedback.error}</Alert>}
        {feedback.ok && <Notice>{feedback.ok}</Notice>}
        <SubmitButton busy={feedback.busy} fit>
          {words.changePassword}
        </SubmitButton>
      </form>
    </section>
  );
}

function DeleteAccount({ onDeleted, text }: { onDeleted(result: DeletionResult): void; text: AccountText }) {
  const words = text.accountPage;
  const authErrorMessage = errorIn(text);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>({});

  async function remove() {
    setFeedback({ busy: true });
    try {
      const supabase = await loadSupabase();
      const { data } = await supabase.auth.getSession();
      const response = await fetch(`/api/account/delete?${new URLSearchParams({ language: pageLanguage() })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.session?.access_token ?? ''}` },
      });
      const body: unknown = await response.json().catch(() => null);
      const { deletionResultSchema } = await import('./server/deletion-result');
      const parsed = deletionResultSchema.safeParse(body);
      if (!response.ok || !parsed.success) {
        const message = (body as { error?: unknown } | null)?.error;
        return setFeedback({ error: typeof message === 'string' ? message : words.deleteFailed });
      }
      await signOut(() => {});
      onDeleted(parsed.data);
    } catch (error) {
      setFeedback({ error: authErrorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="delete-heading" className={`${card} border-red-200`}>
      <h2 id="delete-heading" className="text-lg font-semibold text-gray-900">
        {words.deleteHeading}
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        {words.deleteIntro} {text.account.keptExplanation}
      </p>
      {confirming ? (
        <div role="group" aria-labelledby="delete-confirm" className="mt-4 space-y-3">
          <p id="delete-confirm" className="font-medium text-gray-900">
            {text.account.deleteConfirm}
          </p>
          {feedback.error && <Alert>{feedback.error}</Alert>}
          <div className="flex gap-3">
            <button type="button" onClick={() => void remove()} disabled={feedback.busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70">
              {words.deleteYes}
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButton}>
              {words.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className="mt-4 rounded-md border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50">
          {words.deleteHeading}
        </button>
      )}
    </section>
  );
}

export function Deleted({ result, text }: { result: DeletionResult; text: AccountText }) {
  const words = text.accountPage;
  const count = (forms: AccountText['accountPage']['addressCount'], value: number) => countText(forms, value, text.locale);
  return (
    <div className={card}>
      <h1 className="text-2xl font-bold text-gray-900">{text.account.deletedHeading}</h1>
      <p role="status" className="mt-4 text-gray-800">
        {fill(words.removed, { addresses: count(words.addressCount, result.removed.addresses), prescriptions: count(words.prescriptionCount, result.removed.prescriptions) })}
      </p>
      <p className="mt-3 text-gray-800">
        {fill(words.kept, { orders: count(words.paidOrderCount, result.kept.paidOrders) })} {text.account.keptExplanation}
      </p>
      <p className="mt-6">
        <a href={pathUnder(text.prefix, '/')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.backToShop}
        </a>
      </p>
    </div>
  );
}

/** What a signed-in customer sees on /account; loaded once the session is confirmed. */
export default function SignedInAccount({
  start,
  user,
  onUser,
  onDeleted,
  text,
}: {
  start: Extract<AccountStart, { kind: 'signed-in' }>;
  user: User;
  onUser(user: User): void;
  onDeleted(result: DeletionResult): void;
  text: AccountText;
}) {
  const words = text.accountPage;
  const welcome = start.arrivedBy === 'signup' ? text.account.signedUp : start.arrivedBy === 'email_change' ? text.account.emailChanged : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{text.account.heading}</h1>
        <a href={pathUnder(text.prefix, '/account/addresses')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.savedAddresses}
        </a>
      </div>
      {welcome && <Notice>{welcome}</Notice>}
      {start.arrivedBy === 'expired-link' && <Alert>{words.linkExpired}</Alert>}
      <Profile user={user} onUser={onUser} text={text} />
      <ChangePassword text={text} />
      <WhatsAppUpdates text={text} />
      <RefillReminders text={text} />
      <section aria-labelledby="signout-heading" className={card}>
        <h2 id="signout-heading" className="text-lg font-semibold text-gray-900">
          {words.signOutHeading}
        </h2>
        <p className="mt-2 text-sm text-gray-700">{fill(words.signedInAs, { who: user.email || formatIndianMobile(user.phone ?? '') })}</p>
        <button type="button" data-logout className={`${secondaryButton} mt-4`}>
          {words.signOut}
        </button>
      </section>
      <DeleteAccount onDeleted={onDeleted} text={text} />
    </div>
  );
}
