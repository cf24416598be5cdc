import type { SupabaseClient } from '@supabase/supabase-js';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SavedAddress } from '../../domain/address';
import { formatAddress } from '../../domain/address-format';
import { MAX_ADDRESSES } from '../../domain/address-limit';
import { formatIndianMobile } from '../../domain/indian-mobile';
import type { Editing } from './AddressForm';
import type { SaveResult } from './address-store';
import { ENGLISH_ACCOUNT_TEXT, type AccountText } from './account-text';
import { fill, sameSentenceIn } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { Alert, Notice, primaryButton, secondaryButton } from '../../components/form-ui';

// The form (with the list of states) loads when the customer asks to add or edit an address.
const AddressForm = lazy(() => import('./AddressForm'));

const card = 'rounded-xl border border-gray-200 bg-white p-5 shadow-sm';

/** A change to the saved addresses, and whether it went through. */
interface AddressAction {
  (supabase: SupabaseClient, store: typeof import('./address-store')): Promise<SaveResult>;
}

async function client(): Promise<SupabaseClient> {
  return (await import('../../lib/browser/supabase-client')).supabase;
}

/** /account/addresses: the customer's saved delivery addresses (also offered at checkout). */
export default function AddressBook({ text = ENGLISH_ACCOUNT_TEXT }: { text?: AccountText }) {
  const words = text.addressBook;
  const [addresses, setAddresses] = useState<SavedAddress[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok?: string; error?: string }>({});

  async function reload() {
    const { listAddresses } = await import('./address-store');
    setAddresses(await listAddresses(await client()));
  }

  useEffect(() => {
    void import('./account-session')
      .then(({ startAccountPage }) => startAccountPage())
      .then((start) => (start.kind === 'signed-in' ? reload() : undefined))
      .catch(() => setNotice({ error: words.loadFailed }));
  }, [words.loadFailed]);

  async function act(work: AddressAction, done: string) {
    const store = await import('./address-store');
    const result = await work(await client(), store);
    setConfirmDelete(null);
    setNotice(result.ok ? { ok: done } : { error: sameSentenceIn(result.message ?? words.saveFailed, ENGLISH_ACCOUNT_TEXT.addressBook, words) });
    await reload();
  }

  if (addresses === null) {
    return (
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{words.heading}</h1>
        {notice.error ? <Alert>{notice.error}</Alert> : <p className="mt-4 text-gray-600">{words.loading}</p>}
      </div>
    );
  }
  const full = addresses.length >= MAX_ADDRESSES;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{words.heading}</h1>
        <a href={pathUnder(text.prefix, '/account')} className="font-medium text-brand-700 hover:text-brand-800">
          {words.backToAccount}
        </a>
      </div>
      {notice.ok && <Notice>{notice.ok}</Notice>}
      {notice.error && <Alert>{notice.error}</Alert>}
      {addresses.length === 0 && !editing && <p className="text-gray-700">{words.none}</p>}
      <ul className="space-y-4">
        {addresses.map((address) => (
          <li key={address.id} className={card} aria-label={fill(address.is_default ? words.defaultAddressOf : words.addressOf, { label: words.labels[address.label] })}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold text-gray-800">{words.labels[address.label]}</span>
              {address.is_default && <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{words.default}</span>}
            </div>
            <p className="mt-2 font-medium text-gray-900">{address.full_name}</p>
            <p className="text-sm text-gray-700">
              {formatAddress(address)}
            </p>
            <p className="text-sm text-gray-700">{formatIndianMobile(address.mobile)}</p>
            {confirmDelete === address.id ? (
              <div role="group" aria-label={words.confirmDeletion} className="mt-3 flex flex-wrap items-center gap-3">
                <span className="text-sm font-medium text-gray-900">{words.deleteThis}</span>
                <button type="button" onClick={() => void act((supabase, store) => store.deleteAddress(supabase, address.id), words.deleted)} className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
                  {words.yesDelete}
                </button>
                <button type="button" onClick={() => setConfirmDelete(null)} className={secondaryButton}>
                  {words.keep}
                </button>
              </div>
            ) : (
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" onClick={() => setEditing({ id: address.id, values: address, errors: {} })} className={secondaryButton}>
                  {words.edit}
                </button>
                {!address.is_default && (
                  <button type="button" onClick={() => void act((supabase, store) => store.makeDefault(supabase, address.id), words.defaultChanged)} className={secondaryButton}>
                    {words.makeDefault}
                  </button>
                )}
                <button type="button" onClick={() => setConfirmDelete(address.id)} className={secondaryButton}>
                  {words.delete}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing ? (
        <Suspense fallback={<p className="text-gray-600">{words.loadingForm}</p>}>
        <AddressForm
          key={editing.id ?? 'new'}
          editing={editing}
          text={text}
          onCancel={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice({ ok: message });
            void reload();
          }}
        />
        </Suspense>
      ) : (
        <div>
          <button type="button" disabled={full} onClick={() => setEditing({ errors: {} })} className={`${primaryButton} sm:w-auto`} aria-describedby={full ? 'address-limit' : undefined}>
            {words.add}
          </button>
          {full && (
            <p id="address-limit" className="mt-2 text-sm text-gray-700">
              {words.limit}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
