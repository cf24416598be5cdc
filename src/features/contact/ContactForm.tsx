import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { $auth } from '../auth/public';
import { forgetSubmission, hasRecentSubmission, rememberSubmission } from './contact-marker';
import { CONTACT_LIMITS, CONTACT_SUBJECTS, type ContactField, type ContactFormValues } from './contact-fields';
import { CONTACT_ERROR_RESET_MS } from './contact-strings';
import { contact } from '../../domain/strings/english/contact';
import { sameSentenceIn } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

/** A subject's label in the page's language; its stored value stays the same. */
const subjectLabel = (value: (typeof CONTACT_SUBJECTS)[number]['value'], text: StringTable['contact']): string =>
  ({
    general: text.subjectGeneral,
    order: text.subjectOrder,
    technical: text.subjectTechnical,
    prescription: text.subjectPrescription,
    billing: text.subjectBilling,
    partnership: text.subjectPartnership,
    feedback: text.subjectFeedback,
    other: text.subjectOther,
  })[value];

type ContactStatus = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success' } | { kind: 'error'; message: string };

const FIELDS: readonly ContactField[] = ['name', 'email', 'phone', 'subject', 'message'];

/** What the form holds: read from the fields themselves, which are the browser's until React hydrates (client:form), so nothing typed before is lost. */
function valuesOf(form: HTMLFormElement): ContactFormValues {
  const data = new FormData(form);
  return Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? '')])) as ContactFormValues;
}

const inputClass =
  'block w-full rounded-md border px-3 py-2 text-gray-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** /contact-us: 'Send us a Message', stored in contact_submissions; the thank-you is kept a week. */
export default function ContactForm({ text = contact }: { text?: StringTable['contact'] }) {
  const auth = useStore($auth);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [status, setStatus] = useState<ContactStatus>({ kind: 'idle' });
  const restoredFromMarker = useRef(false);
  /** Set from a submit until it is answered, so a double click never sends twice. */
  const checking = useRef(false);

  useEffect(() => {
    if (hasRecentSubmission(window.localStorage, Date.now())) {
      restoredFromMarker.current = true;
      setStatus({ kind: 'success' });
    }
  }, []);

  // Signed-in customers may always write again: their marker is dropped.
  useEffect(() => {
    if (auth.isLoading || !auth.isAuthenticated) return;
    forgetSubmission(window.localStorage);
    if (restoredFromMarker.current) {
      restoredFromMarker.current = false;
      setStatus({ kind: 'idle' });
    }
  }, [auth.isLoading, auth.isAuthenticated]);

  useEffect(() => {
    if (status.kind !== 'error') return undefined;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), CONTACT_ERROR_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  function change(field: ContactField) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'submitting' || checking.current) return;
    checking.current = true;
    const values = valuesOf(event.currentTarget);
    try {
      // The schema (and zod with it) loads on the first submit, not with the page; 'Sending...'
      // shows only once the message is valid and on its way.
      const { contactFieldErrors, contactSubmissionSchema } = await import('./contact-schema');
      const parsed = contactSubmissionSchema.safeParse(values);
      if (!parsed.success) {
        // The schema's sentences are English's: each said again in the page's language.
        setErrors(Object.fromEntries(Object.entries(contactFieldErrors(parsed.error)).map(([name, message]) => [name, message && sameSentenceIn(message, contact, text)])));
        return;
      }
      setErrors({});
      setStatus({ kind: 'submitting' });
      // Minimal return: visitors may add messages but never read the table back.
      const { error, status: httpStatus } = await (await loadSupabase()).from('contact_submissions').insert(parsed.data);
      if (error) {
        // Status 0: no answer came back at all, so there is no server message to show.
        const message = httpStatus === 0 ? text.notSent : error.message || text.failed;
        setStatus({ kind: 'error', message });
        return;
      }
      rememberSubmission(window.localStorage, Date.now());
      setStatus({ kind: 'success' });
    } catch (error) {
      console.error('Sending the contact message failed', error);
      setStatus({ kind: 'error', message: text.notSent });
    } finally {
      checking.current = false;
    }
  }

  if (status.kind === 'success') {
    return (
      <section aria-labelledby="contact-thanks" className="rounded-xl border border-brand-100 bg-brand-50 p-8 text-center">
        <h2 id="contact-thanks" className="text-xl font-semibold text-brand-900">
          {text.thankYou}
        </h2>
        <p className="mt-3 text-sm text-brand-800">{text.thankYouNote}</p>
      </section>
    );
  }

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    onChange: () => change(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    className: `${inputClass} ${errors[name] ? 'border-red-500' : 'border-gray-300'}`,
  });
  const fieldError = (name: ContactField) =>
    errors[name] && (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    );
  const label = (name: ContactField, words: string) => (
    <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium text-gray-700">
      {words}
    </label>
  );

  return (
    <section aria-labelledby="contact-form-heading" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="contact-form-heading" className="text-xl font-semibold text-gray-900">
        {text.formHeading}
      </h2>
      <form noValidate className="mt-6 space-y-5" onSubmit={handleSubmit}>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            {label('name', text.fullName)}
            <input {...field('name')} type="text" required maxLength={CONTACT_LIMITS.name} autoComplete="name" />
            {fieldError('name')}
          </div>
          <div>
            {label('email', text.email)}
            <input {...field('email')} type="email" required maxLength={CONTACT_LIMITS.email} autoComplete="email" />
            {fieldError('email')}
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            {label('phone', text.phone)}
            <input {...field('phone')} type="tel" maxLength={CONTACT_LIMITS.phone} autoComplete="tel" />
            {fieldError('phone')}
          </div>
          <div>
            {label('subject', text.subject)}
            <select {...field('subject')} required>
              <option value="">{text.selectSubject}</option>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject.value} value={subject.value}>
                  {subjectLabel(subject.value, text)}
                </option>
              ))}
            </select>
            {fieldError('subject')}
          </div>
        </div>
        <div>
          {label('message', text.message)}
          <textarea {...field('message')} required rows={6} />
          {fieldError('message')}
        </div>
        {status.kind === 'error' && (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {status.message}
          </div>
        )}
        <button
          type="submit"
          disabled={status.kind === 'submitting'}
          className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {status.kind === 'submitting' ? text.sending : text.send}
        </button>
      </form>
    </section>
  );
}
