import type { User } from '@supabase/supabase-js';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ACCOUNT_HEADING } from './account-strings';
import type { AccountStart } from './account-session';
import type { DeletionResult } from './server/deletion-result';
import { Alert } from '../../components/form-ui';

// The signed-in view loads with the session check, so the page's first JavaScript stays small.
const SignedInAccount = lazy(() => import('./account-sections'));
const Deleted = lazy(() => import('./account-sections').then((module) => ({ default: module.Deleted })));

const card = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';
const LINK_EXPIRED = 'This link has expired or was already used. Sign in and try again from your account.';

function Loading() {
  return (
    <div className={card}>
      <h1 className="text-2xl font-bold text-gray-900">{ACCOUNT_HEADING}</h1>
      <p className="mt-4 text-gray-600">Loading your account...</p>
    </div>
  );
}

/** /account: the signed-in customer's details, password, sign-out and account deletion. */
export default function AccountPage() {
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
      <Suspense fallback={<Loading />}>
        <Deleted result={deleted} />
      </Suspense>
    );
  }
  if (start.kind === 'link-expired') {
    return (
      <div className={card}>
        <h1 className="text-2xl font-bold text-gray-900">{ACCOUNT_HEADING}</h1>
        <div className="mt-4">
          <Alert>{LINK_EXPIRED}</Alert>
        </div>
        <p className="mt-4">
          <a href="/login?next=%2Faccount" className="font-medium text-brand-700 hover:text-brand-800">
            Sign in
          </a>
        </p>
      </div>
    );
  }
  if (start.kind !== 'signed-in' || !user) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <SignedInAccount start={start} user={user} onUser={setUser} onDeleted={setDeleted} />
    </Suspense>
  );
}
