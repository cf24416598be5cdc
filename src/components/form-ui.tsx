import { fill } from '../domain/strings/format';
import type { StringTable } from '../domain/strings/table';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'block w-full min-w-0 rounded-md border border-gray-300 px-3 py-2 text-gray-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-600';
export const primaryButton =
  'w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70';
export const secondaryButton =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-70';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  prefix?: string;
};

/** A labelled input with its error right below it, announced with the field (aria-describedby). */
export function Field({ id, label, error, hint, prefix, className, ...input }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} ${prefix ? 'rounded-l-none' : ''} ${className ?? ''}`} {...input} />
  );
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {prefix ? (
        <div className="flex">
          <span aria-hidden="true" className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-gray-700">
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {children}
    </p>
  );
}

type MobileFieldProps = Omit<FieldProps, 'type' | 'inputMode' | 'prefix' | 'autoComplete' | 'maxLength' | 'name'> & {
  name?: string;
};

/**
 * The mobile number every form asks for (sign-up, sign-in with a code, the account, an address,
 * delivery): an Indian mobile typed after the +91 shown beside it, on the phone's number pad, filled
 * by the browser with the national number. 15 characters hold "+91 98450 12345", the longest way the
 * shop's mobile schema (src/domain/address.ts) reads one.
 */
export function MobileField({ name = 'mobile', ...field }: MobileFieldProps) {
  return <Field name={name} type="tel" inputMode="numeric" prefix="+91" autoComplete="tel-national" maxLength={15} {...field} />;
}

/** The password field's Show/Hide in the page's language (the strings tables' passwordField section). */
export type ShowHideText = StringTable['passwordField'];

/** A password input with a Show/Hide button, as on the sign-in form; its label and Show/Hide in the form's language. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'prefix'> & { showHide: ShowHideText }) {
  const [shown, setShown] = useState(false);
  const { id, label, error, hint, showHide, ...input } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="relative">
        <input id={id} type={shown ? 'text' : 'password'} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${inputClass} pr-20`} {...input} />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={fill(shown ? showHide.hideField : showHide.showField, { field: label.toLowerCase() })}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          {shown ? showHide.hide : showHide.show}
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/**
 * A form's submit button: `busyLabel` (when given) and disabled while the form is being sent.
 * Full width, as on the sign-in cards; `fit` keeps it to its label's width from 640 px (the account's forms).
 */
export function SubmitButton({ busy = false, busyLabel, fit = false, children }: { busy?: boolean; busyLabel?: string; fit?: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={fit ? `${primaryButton} sm:w-auto` : primaryButton}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800">
      {children}
    </p>
  );
}
