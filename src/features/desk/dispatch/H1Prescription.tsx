import { useState, type FormEvent } from 'react';
import { deskCall, type StaffSession } from '../desk-api';

export interface H1Details {
  line_index: number;
  patient_name: string;
  prescriber_name: string;
  prescriber_registration: string;
}

const inputClass = 'mt-1 block w-full rounded-md border border-gray-300 px-2 py-1';

/**
 * A Schedule H1 line at review: the pharmacist records what the prescription says (patient,
 * prescriber, prescriber's registration number) before the line can be accepted; once recorded the
 * details are shown and never changed (they go to the register an inspector reads).
 */
export default function H1Prescription({
  staff,
  orderId,
  lineIndex,
  recorded,
  canRecord,
  onRecorded,
}: {
  staff: StaffSession;
  orderId: string;
  lineIndex: number;
  recorded: H1Details | undefined;
  canRecord: boolean;
  onRecorded: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (recorded) {
    return (
      <p className="w-full text-sm text-gray-800" data-testid={`h1-details-${lineIndex}`}>
        Schedule H1 · patient {recorded.patient_name} · prescribed by {recorded.prescriber_name}, reg. {recorded.prescriber_registration}
      </p>
    );
  }
  if (!canRecord) return <p className="w-full text-sm text-amber-900">Schedule H1: the prescriber’s details are not recorded.</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    const result = await deskCall(staff, '/api/desk/h1-prescription', {
      orderId,
      lineIndex,
      patientName: String(form.get('patient')),
      prescriberName: String(form.get('prescriber')),
      prescriberRegistration: String(form.get('registration')),
    });
    setSaving(false);
    if (!result.ok) return setError(result.message);
    setError(null);
    await onRecorded();
  }

  return (
    <form onSubmit={submit} className="w-full rounded-md border border-amber-300 bg-amber-50 p-3" aria-label={`Schedule H1 details for line ${lineIndex + 1}`}>
      <p className="text-sm font-semibold text-amber-900">Schedule H1: record the prescription before accepting this line</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        <label className="text-sm text-gray-800">
          Patient name
          <input name="patient" required maxLength={100} className={inputClass} />
        </label>
        <label className="text-sm text-gray-800">
          Prescriber name
          <input name="prescriber" required maxLength={100} className={inputClass} />
        </label>
        <label className="text-sm text-gray-800">
          Prescriber registration number
          <input name="registration" required maxLength={50} className={inputClass} />
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={saving} className="mt-2 rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
        Save prescriber details
      </button>
    </form>
  );
}
