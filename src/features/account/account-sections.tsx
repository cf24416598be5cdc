import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { formatIndianMobile, localMobileDigits } from '../../domain/indian-mobile';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { signOut } from '../auth/public';
import { ACCOUNT_HEADING, DELETE_CONFIRM, DELETED_HEADING, EMAIL_CHANGE_SENT, EMAIL_CHANGED, KEPT_EXPLANATION, MOBILE_CHANGED, PASSWORD_CHANGED, PROFILE_SAVED, SIGNED_UP_MESSAGE } from './account-strings';
import { OTP_ERRORS, OTP_SENT } from '../auth/public';
import { SAME_PASSWORD } from './reset-strings';
import type { AccountStart } from './account-session';
import { authErrorMessage } from '../../lib/auth-errors';
import type { DeletionResult } from './server/deletion-result';
import { Alert, Field, MobileField, Notice, PasswordField, secondaryButton, SubmitButton } from '../../components/form-ui';
import { RefillReminders } from './RefillReminders';
import { WhatsAppUpdates } from './WhatsAppUpdates';

const card = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';
const LINK_EXPIRED = 'This link has expired or was already used. Sign in and try again from your account.';

type Feedback = { ok?: string; error?: string; fields?: Record<string, string>; busy?: boolean };

/** The number the customer confirmed (auth phone), else the one given at sign-up, unconfirmed. */
const accountMobile = (user: User) => user.phone || (typeof user.user_metadata.mobile === 'string' ? user.user_metadata.mobile : '');

function Profile({ user, onUser }: { user: User; onUser(user: User): void }) {
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
      if (!parsed.success) return setFeedback({ fields: fieldErrors(parsed.error) });
      const supabase = await loadSupabase();
      const messages: string[] = [];
      const named = await supabase.auth.updateUser({ data: { full_name: parsed.data.full_name } });
      if (named.error) return setFeedback({ error: authErrorMessage(named.error) });
      let latest = named.data.user;
      if (parsed.data.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        const changed = await supabase.auth.updateUser({ email: parsed.data.email }, { emailRedirectTo: `${window.location.origin}/account` });
        if (changed.error) return setFeedback({ error: authErrorMessage(changed.error), fields: {} });
        latest = changed.data.user;
        messages.push(EMAIL_CHANGE_SENT(parsed.data.email));
      }
      const mobile = parsed.data.mobile;
      if (mobile && localMobileDigits(mobile) !== localMobileDigits(user.phone ?? '')) {
        const changed = await supabase.auth.updateUser({ phone: mobile });
        if (changed.error) return setFeedback({ error: authErrorMessage(changed.error) });
        latest = changed.data.user;
        setPendingPhone(mobile);
        messages.push(OTP_SENT(formatIndianMobile(mobile)));
      }
      onUser(latest);
      setFeedback({ ok: [PROFILE_SAVED, ...messages].join(' ') });
    } catch (error) {
      setFeedback({ error: authErrorMessage(error) });
    }
  }

  async function confirmPhone(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pendingPhone) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) return setFeedback({ error: OTP_ERRORS.format });
    const { data, error } = await (await loadSupabase()).auth.verifyOtp({ phone: pendingPhone, token: code, type: 'phone_change' });
    if (error) return setFeedback({ error: error.code === 'otp_expired' ? `${OTP_ERRORS.wrong} ${OTP_ERRORS.expired}` : authErrorMessage(error) });
    if (data.user) onUser(data.user);
    setPendingPhone(null);
    setFeedback({ ok: MOBILE_CHANGED });
  }

  const fields = feedback.fields ?? {};
  const mobile = accountMobile(user);
  return (
    <section aria-labelledby="profile-heading" className={card}>
      <h2 id="profile-heading" className="text-lg font-semibold text-gray-900">
        Your details
      </h2>
      <form className="mt-4 space-y-4" onSubmit={save} noValidate>
        <Field id="profile-full-name" name="full_name" label="Full name" autoComplete="name" defaultValue={String(user.user_metadata.full_name ?? '')} error={fields.full_name} />
        <Field
          id="profile-email"
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          defaultValue={user.email ?? ''}
          hint={user.new_email ? `Waiting for you to confirm ${user.new_email} from the link we mailed.` : 'Changing it sends a confirmation link to the new address.'}
          error={fields.email}
        />
        <MobileField
          id="profile-mobile"
          defaultValue={localMobileDigits(mobile)}
          hint={user.phone ? 'Changing it sends a code by SMS to the new number.' : mobile ? 'Not confirmed yet: saving sends a code by SMS to confirm it.' : 'Optional: adding one sends a code by SMS to confirm it.'}
          error={fields.mobile}
        />
        {feedback.error && <Alert>{feedback.error}</Alert>}
        {feedback.ok && <Notice>{feedback.ok}</Notice>}
        <SubmitButton busy={feedback.busy} fit>
          Save changes
        </SubmitButton>
      </form>
      {pendingPhone && (
        <form className="mt-4 space-y-4 border-t border-gray-200 pt-4" onSubmit={confirmPhone} noValidate>
          <Field id="profile-code" name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          <button type="submit" className={secondaryButton}>
            Confirm mobile number
          </button>
        </form>
      )}
    </section>
  );
}

function ChangePassword() {
  const [feedback, setFeedback] = useState<Feedback>({});

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setFeedback({ busy: true });
    try {
      const { newPasswordSchema, fieldErrors } = await import('./account-schemas');
      const parsed = newPasswordSchema.safeParse({ password: String(form.get('password') ?? ''), confirm: String(form.get('confirm') ?? '') });
      if (!parsed.success) return setFeedback({ fields: fieldErrors(parsed.error) });
      const { error } = await (await loadSupabase()).auth.updateUser({ password: parsed.data.password });
      if (error) return setFeedback({ error: error.code === 'same_password' ? SAME_PASSWORD : authErrorMessage(error) });
      formElement.reset();
      setFeedback({ ok: PASSWORD_CHANGED });
    } catch (error) {
      setFeedback({ error: authErrorMessage(error) });
    }
  }

  const fields = feedback.fields ?? {};
  return (
    <section aria-labelledby="password-heading" className={card}>
      <h2 id="password-heading" className="text-lg font-semibold text-gray-900">
        Change password
      </h2>
      <form className="mt-4 space-y-4" onSubmit={save} noValidate>
        <PasswordField id="account-password" name="password" label="New password" autoComplete="new-password" hint="At least 8 characters, with a letter and a digit." error={fields.password} />
        <PasswordField id="account-confirm" name="confirm" label="Repeat new password" autoComplete="new-password" error={fields.confirm} />
        {feedback.error && <Alert>{feedback.error}</Alert>}
        {feedback.ok && <Notice>{feedback.ok}</Notice>}
        <SubmitButton busy={feedback.busy} fit>
          Change password
        </SubmitButton>
      </form>
    </section>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted(result: DeletionResult): void }) {
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>({});

  async function remove() {
    setFeedback({ busy: true });
    try {
      const supabase = await loadSupabase();
      const { data } = await supabase.auth.getSession();
      const response = await fetch('/api/account/delete', {
        method: 'POST',
        headers: { authorization: `Bearer ${data.session?.access_token ?? ''}` },
      });
      const body: unknown = await response.json().catch(() => null);
      const { deletionResultSchema } = await import('./server/deletion-result');
      const parsed = deletionResultSchema.safeParse(body);
      if (!response.ok || !parsed.success) {
        const message = (body as { error?: unknown } | null)?.error;
        return setFeedback({ error: typeof message === 'string' ? message : 'We could not delete your account. Please try again.' });
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
        Delete my account
      </h2>
      <p className="mt-2 text-sm text-gray-700">Removes your account, cart, saved addresses and prescriptions. {KEPT_EXPLANATION}</p>
      {confirming ? (
        <div role="group" aria-labelledby="delete-confirm" className="mt-4 space-y-3">
          <p id="delete-confirm" className="font-medium text-gray-900">
            {DELETE_CONFIRM}
          </p>
          {feedback.error && <Alert>{feedback.error}</Alert>}
          <div className="flex gap-3">
            <button type="button" onClick={() => void remove()} disabled={feedback.busy} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70">
              Yes, delete my account
            </button>
            <button type="button" onClick={() => setConfirming(false)} className={secondaryButton}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className="mt-4 rounded-md border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50">
          Delete my account
        </button>
      )}
    </section>
  );
}

export function Deleted({ result }: { result: DeletionResult }) {
  return (
    <div className={card}>
      <h1 className="text-2xl font-bold text-gray-900">{DELETED_HEADING}</h1>
      <p role="status" className="mt-4 text-gray-800">
        We removed your account, your cart, {result.removed.addresses} saved {result.removed.addresses === 1 ? 'address' : 'addresses'} and{' '}
        {result.removed.prescriptions} {result.removed.prescriptions === 1 ? 'prescription' : 'prescriptions'}.
      </p>
      <p className="mt-3 text-gray-800">
        We kept {result.kept.paidOrders} paid {result.kept.paidOrders === 1 ? 'order' : 'orders'}. {KEPT_EXPLANATION}
      </p>
      <p className="mt-6">
        <a href="/" className="font-medium text-brand-700 hover:text-brand-800">
          Back to the shop
        </a>
      </p>
    </div>
  );
}

/** What a signed-in customer sees on /account; loaded once the session is confirmed. */
export default function SignedInAccount({ start, user, onUser, onDeleted }: { start: Extract<AccountStart, { kind: 'signed-in' }>; user: User; onUser(user: User): void; onDeleted(result: DeletionResult): void }) {
  const welcome = start.arrivedBy === 'signup' ? SIGNED_UP_MESSAGE : start.arrivedBy === 'email_change' ? EMAIL_CHANGED : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{ACCOUNT_HEADING}</h1>
        <a href="/account/addresses" className="font-medium text-brand-700 hover:text-brand-800">
          Saved addresses
        </a>
      </div>
      {welcome && <Notice>{welcome}</Notice>}
      {start.arrivedBy === 'expired-link' && <Alert>{LINK_EXPIRED}</Alert>}
      <Profile user={user} onUser={onUser} />
      <ChangePassword />
      <WhatsAppUpdates />
      <RefillReminders />
      <section aria-labelledby="signout-heading" className={card}>
        <h2 id="signout-heading" className="text-lg font-semibold text-gray-900">
          Sign out
        </h2>
        <p className="mt-2 text-sm text-gray-700">Signed in as {user.email || formatIndianMobile(user.phone ?? '')}.</p>
        <button type="button" data-logout className={`${secondaryButton} mt-4`}>
          Sign out
        </button>
      </section>
      <DeleteAccount onDeleted={onDeleted} />
    </div>
  );
}
