import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { $deliveryStep, showDeliveryErrors } from '../delivery/public';
import {
  contentTypeOf,
  isAcceptedContentType,
  partitionBySize,
  PRESCRIPTION_ACCEPT,
  PrescriptionSaveError,
  uploadPrescriptionFiles,
  type SavedPrescriptionFile,
} from '../prescriptions/public';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { primaryButton, secondaryButton } from '../../components/form-ui';
import { accessToken, currentUserId } from './request-session';
import { MAX_NOTE_LENGTH, MAX_REQUEST_FILES, requestPagePath, submitResponseSchema, type SubmitRequest } from '../../domain/prescription-request-contract';
import { prescriptionRequest } from '../../domain/strings/english/prescriptionRequest';
import { prescriptions } from '../../domain/strings/english/prescriptions';
import { fill } from '../../domain/strings/format';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import { pageLanguage, pagePathPrefix, pageText } from '../../lib/browser/page-text';
import { pathUnder } from '../../domain/strings/paths';

// The page's words (its island draws only in the browser): English's, or the page's own language's.
const text = pageText('prescriptionRequest', prescriptionRequest);
const fileText = pageText('prescriptions', prescriptions);

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
  for (const file of picked.filter((candidate) => !ofAcceptedType.includes(candidate))) problems.push(`${file.name}: ${fileText.unsupportedFileType}`);
  for (const file of tooLarge) problems.push(`${file.name}: ${fileText.filesTooLarge}`);
  return { accepted: withinLimit, problems };
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return response.status < 500 && typeof body?.error === 'string' ? body.error : text.notSent;
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
    if (kept.length < accepted.length) refused.push(fill(text.atMostFiles, { max: MAX_REQUEST_FILES }));
    setChosen([...chosen, ...kept.map((file) => ({ file, saved: null }))]);
    setProblems(refused);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const missing: string[] = [];
    if (chosen.length === 0) missing.push(text.noFileChosen);
    if (!delivery.details) {
      showDeliveryErrors();
      missing.push(text.fillDelivery);
    } else if (!delivery.check?.serviceable) {
      // English says the check's own sentence; another language its own words (the field already shows the check's, in that language).
      missing.push(delivery.check && text === prescriptionRequest ? delivery.check.message : text.pinWeDeliver);
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
        // The page's language, for the request's messages (left out on the default language's pages).
        ...(pageLanguage() === DEFAULT_LANGUAGE ? {} : { language: pageLanguage() }),
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
      window.location.assign(pathUnder(pagePathPrefix(), requestPagePath(answer.requestNumber, answer.key)));
    } catch (error) {
      setProblems([error instanceof PrescriptionSaveError && error.reason ? error.reason : text.notSent]);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={send} noValidate className="space-y-6">
      <section aria-labelledby="rx-files-heading" className="space-y-3">
        <h2 id="rx-files-heading" className="text-lg font-semibold text-gray-900">
          {text.chooseFiles}
        </h2>
        <p className="text-sm text-gray-600">{text.fileTypesHint}</p>
        <label className={`${secondaryButton} inline-block cursor-pointer`}>
          {text.addFiles}
          <input type="file" multiple accept={PRESCRIPTION_ACCEPT} className="sr-only" onChange={(event) => { pick(event.target.files); event.target.value = ''; }} />
        </label>
        {chosen.length > 0 && (
          <ul aria-label={text.filesList} className="divide-y divide-gray-200 rounded-md border border-gray-200">
            {chosen.map((entry, index) => (
              <li key={`${entry.file.name}-${index}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span className="truncate">{entry.file.name}</span>
                <button type="button" className="text-red-700 underline" aria-label={fill(text.removeNamed, { name: entry.file.name })} onClick={() => setChosen(chosen.filter((_, other) => other !== index))}>
                  {text.removeFile}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="rx-delivery-heading" className="space-y-3">
        <h2 id="rx-delivery-heading" className="text-lg font-semibold text-gray-900">
          {text.whereDeliver}
        </h2>
        <Suspense fallback={null}>
          <DeliveryStep signedIn={signedIn} codLines={[]} totalPaise={0} />
        </Suspense>
      </section>

      <div>
        <label htmlFor="rx-note" className="mb-1 block text-sm font-medium text-gray-700">
          {text.noteLabel}
        </label>
        <textarea
          id="rx-note"
          value={note}
          maxLength={MAX_NOTE_LENGTH}
          placeholder={text.notePlaceholder}
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
        {sending ? text.sending : text.send}
      </button>
    </form>
  );
}
