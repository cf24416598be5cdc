import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { deskHomes, staffRoles, type DeskRole } from '../../domain/desk';
import { currentStaff, STAFF_ONLY_MESSAGE, staffSignIn, type StaffSession } from './desk-api';
import { Alert, Field, PasswordField, SubmitButton } from '../../components/form-ui';
// The desk is English-only: its password field says Show/Hide in English.
import { passwordField } from '../../domain/strings/english/passwordField';
import { showStaffInHeader } from './signed-in-line';

type Gate = { kind: 'checking' } | { kind: 'guest'; error?: string } | { kind: 'customer' } | { kind: 'staff'; staff: StaffSession };

interface StaffGateProps {
  children: (staff: StaffSession) => ReactNode;
  /** The roles this page is for (the order staff unless given); other desk roles get `refusal` and a link to their own page. */
  roles?: readonly DeskRole[];
  refusal?: string;
}

/** Shows its children to the page's staff roles only; everyone else gets the staff sign-in or a sentence. */
export default function StaffGate({ children, roles = staffRoles, refusal = 'The order queue is for pharmacists and support staff.' }: StaffGateProps) {
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });

  useEffect(() => {
    currentStaff().then((staff) => setGate(staff === null ? { kind: 'guest' } : staff === 'customer' ? { kind: 'customer' } : { kind: 'staff', staff }));
  }, []);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await staffSignIn(String(form.get('email')), String(form.get('password')));
    if (result === 'customer') setGate({ kind: 'customer' });
    else if ('error' in result) setGate({ kind: 'guest', error: result.error });
    else setGate({ kind: 'staff', staff: result });
  }

  async function signOut() {
    const { loadSupabase } = await import('../../lib/browser/load-supabase');
    await (await loadSupabase()).auth.signOut();
    setGate({ kind: 'guest' });
  }

  // Who is signed in shows in the desk's header (DeskHeader.astro), with Sign out, while they are.
  const staff = gate.kind === 'staff' ? gate.staff : null;
  useEffect(() => {
    if (!staff) return;
    return showStaffInHeader(staff, (button) => {
      button.disabled = true;
      void signOut();
    });
  }, [staff]);

  if (gate.kind === 'checking') return <p className="text-gray-700">Checking your sign-in…</p>;
  if (gate.kind === 'staff') {
    return (
      <div>
        {roles.includes(gate.staff.role) ? (
          children(gate.staff)
        ) : (
          <p role="status" className="rounded-md border border-gray-200 bg-white p-6 text-gray-800">
            {refusal}{' '}
            <a href={deskHomes[gate.staff.role].path} className="font-medium text-brand-700 underline">
              Go to {deskHomes[gate.staff.role].name}
            </a>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md rounded-xl border border-gray-200 bg-white p-8">
      <h1 className="text-2xl font-bold text-gray-900">Pharmacy desk</h1>
      <p className="mt-2 text-gray-700">{STAFF_ONLY_MESSAGE}</p>
      {gate.kind === 'customer' ? (
        <button type="button" onClick={signOut} className="mt-6 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Sign out to use a staff account
        </button>
      ) : (
        <form className="mt-6 space-y-4" onSubmit={signIn}>
          <Field id="desk-email" name="email" type="email" label="Staff email" required autoComplete="username" />
          <PasswordField id="desk-password" name="password" label="Password" showHide={passwordField} required autoComplete="current-password" />
          {gate.error && <Alert>{gate.error}</Alert>}
          <SubmitButton>Sign in to the desk</SubmitButton>
        </form>
      )}
    </div>
  );
}
