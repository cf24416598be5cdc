import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { $deliveryStep, showDeliveryErrors } from '../delivery/public';
import {
  contentTypeOf,
  FILES_TOO_LARGE,
  isAcceptedContentType,
  partitionBySize,
  PRESCRIPTION_ACCEPT,
  PrescriptionSaveError,
  UNSUPPORTED_FILE_TYPE,
  uploadPrescriptionFiles,
  type SavedPrescriptionFile,
} from '../prescriptions/public';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { primaryButton, secondaryButton } from '../../components/form-ui';
import { accessToken, currentUserId } from './request-session';
import { MAX_NOTE_LENGTH, MAX_REQUEST_FILES, requestPagePath, submitResponseSchema, type SubmitRequest } from '../../domain/prescription-request-contract';
import { CHOOSE_FILES, NO_FILE_CHOSEN, NOTE_LABEL, NOTE_PLACEHOLDER, REMOVE_FILE, REQUEST_NOT_SENT, SEND_REQUEST, SENDING_REQUEST } from '../../domain/prescription-request-strings';

// Loaded as /cart loads it, so the delivery step stays one chunk of its own that both pages ask for when drawn.
const DeliveryStep = lazy(() => import('../delivery/DeliveryStep'));

interface ChosenFile {
  file: File;
  /** Set once uploaded, so a retry after a refusal does not upload it again. */
  saved: SavedPrescriptionFile | null;
}

/** The sentences for files the picker offered but the rules refuse (the prescription dialog's rules). */
function refusalsOf(picked: readonly File[]): { accepted: File[]; problems: string[] } {
  const ofAcceptedType = picked.filter((file) => isAcceptedContentType(contentTypeOf(file)));
  const { withinLimit, tooLarge } = partitionBySize(ofAcceptedType);
  const problems: string[] = [];
  for (const file of picked.filter((candidate) => !ofAcceptedType.includes(candidate))) problems.push(`${file.name}: ${UNSUPPORTED_FILE_TYPE}`);
  for (const file of tooLarge) problems.push(`${file.name}: ${FILES_TOO_LARGE}`);
  return { accepted: withinLimit, problems };
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return response.status < 500 && typeof body?.error === 'string' ? body.error : REQUEST_NOT_SENT;
}

/** "Order with prescription": delivery details, the prescription's photos or PDFs, a note; no payment. */
export default function RequestForm() {
  const signedIn = hasStoredSession();
  const [guestSessionId] = useState(() => crypto.randomUUID());
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const delivery = useStore($deliveryStep);

  const pick = (list: FileList | null) => {
    const { accepted, problems: refused } = refusalsOf([...(list ?? [])]);
    const room = MAX_REQUEST_FILES - chosen.length;
    const kept = accepted.slice(0, Math.max(room, 0));
    if (kept.length < accepted.length) refused.push(`Add at most ${MAX_REQUEST_FILES} files.`);
    setChosen([...chosen, ...kept.map((file) => ({ file, saved: null }))]);
    setProblems(refused);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const missing: string[] = [];
    if (chosen.length === 0) missing.push(NO_FILE_CHOSEN);
    if (!delivery.details) {
      showDeliveryErrors();
      missing.push('Fill in the delivery details above.');
    } else if (!delivery.check?.serviceable) {
      missing.push(delivery.check?.message ?? 'Enter a PIN code we deliver to.');
    }
    if (missing.length > 0) {
      setProblems(missing);
      return;
    }
    setSending(true);
    setProblems([]);
    try {
      const userId = signedIn ? await currentUserId() : null;
      const folder = userId ?? `guest-${guestSessionId}`;
      const toUpload = chosen.filter((entry) => !entry.saved);
      const saved = await uploadPrescriptionFiles(toUpload.map((entry) => entry.file), folder);
      const uploaded = chosen.map((entry) => (entry.saved ? entry : { ...entry, saved: saved[toUpload.indexOf(entry)] ?? null }));
      setChosen(uploaded);
      const body: SubmitRequest = {
        delivery: delivery.details!,
        ...(note.trim() ? { note: note.trim() } : {}),
        files: uploaded.map((entry) => ({ path: entry.saved!.path, name: entry.file.name })),
        ...(userId ? {} : { guestSessionId }),
      } as SubmitRequest;
      const token = userId ? await accessToken() : null;
      const response = await fetch('/api/prescription-requests/submit', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        setProblems([await errorOf(response)]);
        return;
      }
      const answer = submitResponseSchema.parse(await response.json());
      window.location.assign(requestPagePath(answer.requestNumber, answer.key));
    } catch (error) {
      setProblems([error instanceof PrescriptionSaveError && error.reason ? error.reason : REQUEST_NOT_SENT]);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-6">
      <section aria-labelledby="rx-files-heading" className="space-y-3">
        <h2 id="rx-files-heading" className="text-lg font-semibold text-gray-900">
          {CHOOSE_FILES}
        </h2>
        <p className="text-sm text-gray-600">Images (JPG, PNG, WEBP, HEIC) or PDF, up to 5 MB each.</p>
        <label className={`${secondaryButton} inline-block cursor-pointer`}>
          Add prescription files
          <input type="file" multiple accept={PRESCRIPTION_ACCEPT} className="sr-only" onChange={(event) => { pick(event.target.files); event.target.value = ''; }} />
        </label>
        {chosen.length > 0 && (
          <ul aria-label="Prescription files" className="divide-y divide-gray-200 rounded-md border border-gray-200">
            {chosen.map((entry, index) => (
              <li key={`${entry.file.name}-${index}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="truncate">{entry.file.name}</span>
                <button type="button" className="text-red-700 underline" aria-label={`${REMOVE_FILE} ${entry.file.name}`} onClick={() => setChosen(chosen.filter((_, other) => other !== index))}>
                  {REMOVE_FILE}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="rx-delivery-heading" className="space-y-3">
        <h2 id="rx-delivery-heading" className="text-lg font-semibold text-gray-900">
          Where should we deliver?
        </h2>
        <Suspense fallback={null}>
          <DeliveryStep signedIn={signedIn} codLines={[]} totalPaise={0} />
        </Suspense>
      </section>

      <div>
        <label htmlFor="rx-note" className="mb-1 block text-sm font-medium text-gray-700">
          {NOTE_LABEL}
        </label>
        <textarea
          id="rx-note"
          value={note}
          maxLength={MAX_NOTE_LENGTH}
          placeholder={NOTE_PLACEHOLDER}
          onChange={(event) => setNote(event.target.value)}
          rows={3}
          className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
        />
      </div>

      {problems.length > 0 && (
        <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}

      <button type="submit" className={primaryButton} disabled={sending}>
        {sending ? SENDING_REQUEST : SEND_REQUEST}
      </button>
    </form>
  );
}
