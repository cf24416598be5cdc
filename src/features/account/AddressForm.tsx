import type { SupabaseClient } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import type { AddressField, SavedAddress } from '../../domain/address';
import { ADDRESS_LABELS, INDIAN_STATES } from '../../domain/address-options';
import { localMobileDigits } from '../../domain/indian-mobile';
import { ENGLISH_ACCOUNT_TEXT, sentenceIn, type AccountText } from './account-text';
import { sameSentenceIn } from '../../domain/strings/format';
import { Alert, Field, FieldError, inputClass, MobileField, secondaryButton, SubmitButton } from '../../components/form-ui';

export type Editing = { id?: string; values?: SavedAddress; errors: Partial<Record<AddressField, string>>; message?: string; busy?: boolean };

const card = 'rounded-xl border border-gray-200 bg-white p-5 shadow-sm';

async function client(): Promise<SupabaseClient> {
  return (await import('../../lib/browser/supabase-client')).supabase;
}

/** Adding or editing one address; every field is checked with the shared address schema, each error beside its field. */
export default function AddressForm({ editing, onCancel, onSaved, text }: { editing: Editing; onCancel(): void; onSaved(message: string): void; text: AccountText }) {
  const words = text.addressBook;
  const [state, setState] = useState<Editing>(editing);
  const values = state.values;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const form = new FormData(event.currentTarget);
    setState({ ...state, busy: true, message: undefined });
    const [{ addressSchema, addressErrors }, store] = await Promise.all([import('../../domain/address'), import('./address-store')]);
    const parsed = addressSchema.safeParse({
      full_name: String(form.get('full_name') ?? ''),
      mobile: String(form.get('mobile') ?? ''),
      line1: String(form.get('line1') ?? ''),
      area: String(form.get('area') ?? ''),
      landmark: String(form.get('landmark') ?? ''),
      city: String(form.get('city') ?? ''),
      state: String(form.get('state') ?? ''),
      pin_code: String(form.get('pin_code') ?? ''),
      label: String(form.get('label') ?? ''),
      is_default: form.get('is_default') === 'on',
    });
    if (!parsed.success) {
      const errors = Object.fromEntries(Object.entries(addressErrors(parsed.error)).map(([field, message]) => [field, sentenceIn(text, message)]));
      setState({ ...state, busy: false, errors });
      document.getElementById(`address-${Object.keys(errors)[0]?.replace('_', '-')}`)?.focus();
      return;
    }
    try {
      const result = await store.saveAddress(await client(), parsed.data, state.id);
      if (result.ok) onSaved(state.id ? words.updated : words.saved);
      else setState({ ...state, busy: false, errors: {}, message: sameSentenceIn(result.message, ENGLISH_ACCOUNT_TEXT.addressBook, words) });
    } catch {
      setState({ ...state, busy: false, errors: {}, message: words.saveFailed });
    }
  }

  const errors = state.errors;
  const heading = state.id ? words.editHeading : words.add;
  return (
    <section aria-labelledby="address-form-heading" className={card}>
      <h2 id="address-form-heading" className="text-lg font-semibold text-gray-900">
        {heading}
      </h2>
      <form className="mt-4 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <Field id="address-full-name" name="full_name" label={words.fullName} autoComplete="name" defaultValue={values?.full_name} error={errors.full_name} />
        <MobileField id="address-mobile" label={words.mobileNumber} defaultValue={values ? localMobileDigits(values.mobile) : undefined} error={errors.mobile} />
        <div className="sm:col-span-2">
          <Field id="address-line1" name="line1" label={words.line1} autoComplete="address-line1" defaultValue={values?.line1} error={errors.line1} />
        </div>
        <Field id="address-area" name="area" label={words.area} autoComplete="address-line2" defaultValue={values?.area} error={errors.area} />
        <Field id="address-landmark" name="landmark" label={words.landmark} defaultValue={values?.landmark ?? ''} error={errors.landmark} />
        <Field id="address-city" name="city" label={words.city} autoComplete="address-level2" defaultValue={values?.city} error={errors.city} />
        <div>
          <label htmlFor="address-state" className="mb-1 block text-sm font-medium text-gray-700">
            {words.state}
          </label>
          <select
            id="address-state"
            name="state"
            autoComplete="address-level1"
            defaultValue={values?.state ?? ''}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? 'address-state-error' : undefined}
            className={inputClass}
          >
            <option value="">{words.choose}</option>
            {INDIAN_STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {errors.state && <FieldError id="address-state-error">{errors.state}</FieldError>}
        </div>
        <Field
          id="address-pin-code"
          name="pin_code"
          label={words.pinCode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          defaultValue={values?.pin_code}
          error={errors.pin_code}
        />
        <fieldset className="sm:col-span-2" aria-describedby={errors.label ? 'address-label-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-gray-700">{words.label}</legend>
          <div className="flex gap-4">
            {ADDRESS_LABELS.map((label) => (
              <label key={label} className="flex items-center gap-2 text-sm text-gray-800">
                <input type="radio" name="label" value={label} defaultChecked={(values?.label ?? 'Home') === label} className="h-4 w-4 accent-brand-700" />
                {words.labels[label]}
              </label>
            ))}
          </div>
          {errors.label && <FieldError id="address-label-error">{errors.label}</FieldError>}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-gray-800 sm:col-span-2">
          <input type="checkbox" name="is_default" defaultChecked={values?.is_default} className="h-4 w-4 accent-brand-700" />
          {words.makeMyDefault}
        </label>
        {state.message && (
          <div className="sm:col-span-2">
            <Alert>{state.message}</Alert>
          </div>
        )}
        <div className="flex gap-3 sm:col-span-2">
          <SubmitButton busy={state.busy} fit>
            {words.save}
          </SubmitButton>
          <button type="button" onClick={onCancel} className={secondaryButton}>
            {words.cancel}
          </button>
        </div>
      </form>
    </section>
  );
}
