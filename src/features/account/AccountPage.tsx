import type { User } from '@supabase/supabase-js';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ENGLISH_ACCOUNT_TEXT, type AccountText } from './account-text';
import { pathUnder } from '../../domain/strings/paths';
import type { AccountStart } from './account-session';
import type { DeletionResult } from './server/deletion-result';
import { Alert } from '../../components/form-ui';

// The signed-in view loads with the session check, so the page's first JavaScript stays small.
const SignedInAccount = lazy(() => import('./account-sections'));
const Deleted = lazy(() => import('./account-sections').then((module) => ({ default: module.Deleted })));

const card = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';

function Loading({ text }: { text: AccountText }) {
  return (
    <div className={card}>
      <h1 className="text-2xl font-bold text-gray-900">{text.account.heading}</h1>
      <p className="mt-4 text-gray-600">{text.accountPage.loading}</p>
    </div>
  );
}

/** /account: the signed-in customer's details, password, sign-out and account deletion. */
export default function AccountPage({ text = ENGLISH_ACCOUNT_TEXT }: { text?: AccountText }) {
  const [start, setStart] = useState<AccountStart | { kind: 'loading' }>({ kind: 'loading' });
  const [user, setUser] = useState<User | null>(null);
  const [deleted, setDeleted] = useState<DeletionResult | null>(null);

  useEffect(() => {
    void import('./account-session').then(({ startAccountPage }) => startAccountPage()).then((result) => {
      setStart(result);
      if (result.kind === 'signed-in') setUser(result.user);
    });
  }, []);

  if (deleted) {
    return (
      <Suspense fallback={<Loading text={text} />}>
        <Deleted result={deleted} text={text} />
      </Suspense>
    );
  }
  if (start.kind === 'link-expired') {
    return (
      <div className={card}>
        <h1 className="text-2xl font-bold text-gray-900">{text.account.heading}</h1>
        <div className="mt-4">
          <Alert>{text.accountPage.linkExpired}</Alert>
        </div>
        <p className="mt-4">
          <a href={pathUnder(text.prefix, `/login?next=${encodeURIComponent(pathUnder(text.prefix, '/account'))}`)} className="font-medium text-brand-700 hover:text-brand-800">
            {text.accountPage.signIn}
          </a>
        </p>
      </div>
    );
  }
  if (start.kind !== 'signed-in' || !user) return <Loading text={text} />;
  return (
    <Suspense fallback={<Loading text={text} />}>
      <SignedInAccount start={start} user={user} onUser={setUser} onDeleted={setDeleted} text={text} />
    </Suspense>
  );
}
