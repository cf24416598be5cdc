import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatRupees } from '../../domain/money';
import { prescriptionRequestStatusLabels, unfilledLineReasons, type PrescriptionRequestStatus, type UnfilledLineReason } from '../../domain/prescription-request-status';
import { sellingPricePaise } from '../../domain/selling-price';
import { fetchSearchFile, openSearch, readSearchCard, SEARCH_MANIFEST_URL, type SearchClient } from '../catalogue/public';
import { deskCall, type StaffSession } from './desk-api';
import { proposalLineSchema, requestDecisionSchema, UNFILLED_LABELS, type ProposalLine } from '../../domain/prescription-request-decision';
import StaffGate from './StaffGate';

interface RequestRow {
  id: string;
  request_number: string;
  status: PrescriptionRequestStatus;
  note: string | null;
  created_at: string;
  delivery_name: string;
  delivery_mobile: string;
  delivery_city: string;
  delivery_pin_code: string;
  rejection_reason: string | null;
}
interface FileRow {
  id: number;
  file_name: string;
  file_type: string;
}
interface SavedLine {
  name: string;
  line_status: 'proposed' | UnfilledLineReason;
  reason: string | null;
  quantity: number;
  prescribed_quantity: number;
}

/** A line on the pharmacist's draft: a product picked by search, or a prescribed item the customer will not get. */
interface DraftLine {
  key: string;
  productId: number | null;
  name: string;
  pricePaise: number | null;
  quantity: number;
  unfilled: UnfilledLineReason | null;
  reason: string;
}

interface Found {
  id: number;
  name: string;
  pricePaise: number;
  forSale: boolean;
}

const buttonClass = 'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const quietButtonClass = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50';
const inputClass = 'rounded-md border border-gray-300 px-2 py-1 text-sm';
const SEARCH_RESULTS = 8;
const OPEN_STATUSES: PrescriptionRequestStatus[] = ['submitted', 'in_review'];

function RequestFile({ staff, requestId, file }: { staff: StaffSession; requestId: string; file: FileRow }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function open() {
    const result = await deskCall(staff, '/api/desk/request-file', { requestId, fileId: file.id });
    if (result.ok) setUrl(String(result.value.url));
    else setError(result.message);
  }

  return (
    <li className="rounded-md border border-gray-200 p-3">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-gray-900">{file.file_name}</span>
        {!url && (
          <button type="button" className={quietButtonClass} onClick={open}>
            View {file.file_name}
          </button>
        )}
      </p>
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      {url && file.file_type === 'application/pdf' && <iframe src={url} title={file.file_name} className="mt-3 h-[32rem] w-full rounded border border-gray-200" />}
      {url && file.file_type !== 'application/pdf' && <img src={url} alt={`Prescription ${file.file_name}`} className="mt-3 max-h-[32rem] max-w-full" />}
    </li>
  );
}

/** Picks catalogue products with the shop's own search index (the one /products uses). */
function ProductPicker({ onPick }: { onPick(found: Found): void }) {
  const search = useRef<Promise<SearchClient> | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Found[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (query.trim() === '') {
      setResults([]);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      try {
        search.current ??= fetchSearchFile(SEARCH_MANIFEST_URL).then((manifest) => openSearch(manifest));
        const client = await search.current;
        const best = (await client.search(query, 'relevance')).slice(0, SEARCH_RESULTS);
        const cards = await Promise.all(best.map(async (ordinal) => readSearchCard(await client.card(ordinal, 'relevance'))));
        if (current) {
          setError(null);
          setResults(cards.map((card) => ({ id: card.id, name: card.name, pricePaise: sellingPricePaise(card), forSale: card.sale_state === 'ADD TO CART' })));
        }
      } catch {
        search.current = null;
        if (current) setError('The catalogue search could not be loaded. Try again.');
      }
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <div className="mt-4">
      <label htmlFor="request-product-search" className="mb-1 block text-sm font-medium text-gray-700">
        Search the catalogue
      </label>
      <input id="request-product-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} className="block w-full max-w-md rounded-md border border-gray-300 px-3 py-2" />
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      {results.length > 0 && (
        <ul aria-label="Catalogue results" className="mt-2 divide-y divide-gray-100 rounded-md border border-gray-200">
          {results.map((found) => (
            <li key={found.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span>
                {found.name} <span className="text-gray-700">{formatRupees(found.pricePaise)}</span>
                {!found.forSale && <span className="ml-2 text-amber-800">(not for sale now)</span>}
              </span>
              <button type="button" className={quietButtonClass} onClick={() => onPick(found)}>
                Add {found.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What keeps a line from being sent, in the proposal schema's own sentence, and the field it is about (none for the line as a whole). */
interface LineProblem {
  field: 'quantity' | 'reason' | null;
  message: string;
}

/**
 * The line checked as the server will check it, before anything is sent: the pharmacist reads the
 * sentence beside the line it is about, never a request's field path ("lines.3.reason: …").
 */
function lineProblem(line: DraftLine): LineProblem | null {
  const parsed = proposalLineSchema.safeParse(draftToProposal([line])[0]);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  const field = issue?.path[0];
  return { field: field === 'quantity' || field === 'reason' ? field : null, message: issue?.message ?? 'Check this line.' };
}

const fieldId = (line: DraftLine, field: 'quantity' | 'reason') => `draft-${line.key}-${field}`;

function DraftRow({ line, problem, onChange, onRemove }: { line: DraftLine; problem: LineProblem | null; onChange(line: DraftLine): void; onRemove(): void }) {
  const problemId = `draft-${line.key}-problem`;
  const marked = (field: 'quantity' | 'reason') => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': problemId } : {});
  return (
    <li className="rounded-md border border-gray-200 p-3 text-sm">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-gray-900">
          {line.name}
          {line.pricePaise !== null && <span className="ml-2 font-normal text-gray-700">{formatRupees(line.pricePaise)} each</span>}
        </span>
        <button type="button" className={quietButtonClass} onClick={onRemove}>
          Remove {line.name}
        </button>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {line.unfilled === null && (
          <label className="flex items-center gap-2">
            Quantity
            <input
              id={fieldId(line, 'quantity')}
              type="number"
              min={1}
              max={20}
              aria-label={`Quantity of ${line.name}`}
              {...marked('quantity')}
              value={line.quantity}
              onChange={(event) => onChange({ ...line, quantity: Number(event.target.value) })}
              className={`${inputClass} w-20`}
            />
          </label>
        )}
        <label className="flex items-center gap-2">
          Supply
          <select
            aria-label={`Supply of ${line.name}`}
            value={line.unfilled ?? 'proposed'}
            onChange={(event) => onChange({ ...line, unfilled: event.target.value === 'proposed' ? null : (event.target.value as UnfilledLineReason) })}
            className={inputClass}
          >
            <option value="proposed">Supply</option>
            {unfilledLineReasons.map((reason) => (
              <option key={reason} value={reason}>
                {UNFILLED_LABELS[reason]}
              </option>
            ))}
          </select>
        </label>
        {line.unfilled !== null && (
          <label className="flex grow items-center gap-2">
            Reason
            <input
              id={fieldId(line, 'reason')}
              aria-label={`Reason for ${line.name}`}
              {...marked('reason')}
              value={line.reason}
              maxLength={300}
              onChange={(event) => onChange({ ...line, reason: event.target.value })}
              className={`${inputClass} grow`}
            />
          </label>
        )}
      </div>
      {problem && (
        <p id={problemId} className="mt-2 text-sm font-medium text-red-700">
          {problem.message}
        </p>
      )}
    </li>
  );
}

function draftToProposal(lines: readonly DraftLine[]): ProposalLine[] {
  return lines.map((line) =>
    line.unfilled === null && line.productId !== null
      ? { status: 'proposed', productId: line.productId, quantity: line.quantity }
      : { status: line.unfilled ?? 'unavailable', name: line.name, reason: line.reason.trim() },
  );
}

function Proposal({ staff, request, onAnswered }: { staff: StaffSession; request: RequestRow; onAnswered(): void }) {
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [missing, setMissing] = useState('');
  const [rejection, setRejection] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Once a send was tried, each line shows what keeps it from being sent, until it is fixed.
  const [checked, setChecked] = useState(false);
  const [rejectionChecked, setRejectionChecked] = useState(false);

  const add = (line: Omit<DraftLine, 'key'>) => setLines((current) => [...current, { ...line, key: `${Date.now()}-${current.length}` }]);

  function pick(found: Found) {
    if (lines.some((line) => line.productId === found.id)) {
      setError(`${found.name} is already on the proposal: change its quantity instead.`);
      return;
    }
    setError(null);
    add({ productId: found.id, name: found.name, pricePaise: found.pricePaise, quantity: 1, unfilled: found.forSale ? null : 'unavailable', reason: '' });
  }

  function addMissing(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (missing.trim() === '') return;
    add({ productId: null, name: missing.trim(), pricePaise: null, quantity: 1, unfilled: 'unavailable', reason: '' });
    setMissing('');
  }

  async function send(body: unknown) {
    setBusy(true);
    setError(null);
    const result = await deskCall(staff, '/api/desk/request-decision', body);
    setBusy(false);
    if (result.ok) onAnswered();
    else setError(result.message);
  }

  const problems = new Map(checked ? lines.map((line) => [line.key, lineProblem(line)]) : []);
  const unfit = [...problems.values()].filter((problem) => problem !== null).length;
  /** The rejection's reason checked as the server will check it, in its sentence. */
  const rejectionProblemOf = (reason: string) =>
    requestDecisionSchema.safeParse({ requestId: request.id, decision: 'reject', reason }).error?.issues.find((issue) => issue.path[0] === 'reason')?.message ?? null;
  const rejectionProblem = rejectionChecked ? rejectionProblemOf(rejection) : null;

  function sendProposal() {
    setChecked(true);
    const first = lines.map((line) => ({ line, problem: lineProblem(line) })).find(({ problem }) => problem !== null);
    if (!first) return void send({ requestId: request.id, decision: 'propose', lines: draftToProposal(lines) });
    // Nothing is sent: the pharmacist is taken to the first line to fix.
    setError(null);
    if (first.problem?.field) document.getElementById(fieldId(first.line, first.problem.field))?.focus();
  }

  function reject() {
    setRejectionChecked(true);
    if (rejectionProblemOf(rejection) !== null) return void document.getElementById('request-rejection')?.focus();
    void send({ requestId: request.id, decision: 'reject', reason: rejection });
  }

  const total = lines.reduce((sum, line) => sum + (line.unfilled === null && line.pricePaise !== null ? line.pricePaise * line.quantity : 0), 0);

  return (
    <div>
      <section aria-labelledby="proposal-heading" className="mt-8">
        <h2 id="proposal-heading" className="text-lg font-semibold text-gray-900">
          Proposal
        </h2>
        <ProductPicker onPick={pick} />
        <form onSubmit={addMissing} className="mt-4 flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium text-gray-700">
            A prescribed item not in the catalogue
            <input value={missing} maxLength={200} onChange={(event) => setMissing(event.target.value)} className={`${inputClass} mt-1 block w-72`} />
          </label>
          <button type="submit" className={quietButtonClass}>
            Add as not available
          </button>
        </form>
        {lines.length === 0 ? (
          <p className="mt-4 text-gray-700">No line yet. Search the catalogue for each medicine on the prescription.</p>
        ) : (
          <ul aria-label="Proposed lines" className="mt-4 space-y-2">
            {lines.map((line) => (
              <DraftRow
                key={line.key}
                line={line}
                problem={problems.get(line.key) ?? null}
                onChange={(changed) => setLines((current) => current.map((other) => (other.key === line.key ? changed : other)))}
                onRemove={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              />
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-gray-800">Total at today’s prices: {formatRupees(total)}</p>
        {unfit > 0 && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {unfit === 1 ? 'Fix the marked line before sending.' : `Fix the ${unfit} marked lines before sending.`}
          </p>
        )}
        {error && <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>}
        <button type="button" className={`${buttonClass} mt-4`} disabled={busy || lines.length === 0} onClick={sendProposal}>
          Send proposal to the customer
        </button>
      </section>
      <section aria-labelledby="reject-heading" className="mt-10 border-t border-gray-200 pt-6">
        <h2 id="reject-heading" className="text-lg font-semibold text-gray-900">
          Reject the whole request
        </h2>
        <label htmlFor="request-rejection" className="mt-2 block text-sm font-medium text-gray-700">
          Reason the customer will read
        </label>
        <textarea
          id="request-rejection"
          value={rejection}
          maxLength={500}
          onChange={(event) => setRejection(event.target.value)}
          {...(rejectionProblem ? { 'aria-invalid': true, 'aria-describedby': 'request-rejection-problem' } : {})}
          className="mt-1 block w-full max-w-xl rounded-md border border-gray-300 px-3 py-2 text-sm"
        />
        {rejectionProblem && (
          <p id="request-rejection-problem" className="mt-1 text-sm font-medium text-red-700">
            {rejectionProblem}
          </p>
        )}
        <button type="button" className={`${quietButtonClass} mt-3`} disabled={busy} onClick={reject}>
          Reject request
        </button>
      </section>
    </div>
  );
}

function Request({ staff, id }: { staff: StaffSession; id: string }) {
  const [request, setRequest] = useState<RequestRow | null>(null);
  const [files, setFiles] = useState<FileRow[]>([]);
  const [saved, setSaved] = useState<SavedLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    Promise.all([
      staff.client.from('prescription_requests').select('id, request_number, status, note, created_at, delivery_name, delivery_mobile, delivery_city, delivery_pin_code, rejection_reason').eq('id', id).maybeSingle(),
      staff.client.from('prescription_request_files').select('id, file_name, file_type').eq('request_id', id).order('id'),
      staff.client.from('prescription_request_lines').select('name, line_status, reason, quantity, prescribed_quantity').eq('request_id', id).order('position'),
    ]).then(([requestRead, filesRead, linesRead]) => {
      if (requestRead.error || filesRead.error || linesRead.error) return setError('This request could not be loaded. Reload the page to try again.');
      if (!requestRead.data) return setError('No such prescription request.');
      setRequest(requestRead.data as RequestRow);
      setFiles(filesRead.data as FileRow[]);
      setSaved(linesRead.data as SavedLine[]);
    });
  }, [staff, id, loads]);

  if (error) return <p role="alert" className="text-red-700">{error}</p>;
  if (!request) return <p className="text-gray-700">Loading the request…</p>;

  return (
    <div>
      <p className="text-sm">
        <a href="/desk" className="text-brand-700 underline">
          Back to the queue
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-gray-900">Prescription request {request.request_number}</h1>
      <p className="mt-1 text-gray-800">Status: {prescriptionRequestStatusLabels[request.status]}</p>
      <p className="mt-1 text-sm text-gray-700">
        {request.delivery_name}, {request.delivery_mobile}, {request.delivery_city} {request.delivery_pin_code}
      </p>
      {request.note && <p className="mt-2 rounded-md bg-gray-50 p-3 text-sm text-gray-800">Customer’s note: {request.note}</p>}
      {request.rejection_reason && <p className="mt-2 text-sm text-gray-800">Rejected: {request.rejection_reason}</p>}
      <section aria-labelledby="request-files-heading" className="mt-6">
        <h2 id="request-files-heading" className="text-lg font-semibold text-gray-900">
          Prescription files
        </h2>
        <ul className="mt-2 space-y-2">
          {files.map((file) => (
            <RequestFile key={file.id} staff={staff} requestId={request.id} file={file} />
          ))}
        </ul>
      </section>
      {OPEN_STATUSES.includes(request.status) ? (
        staff.role === 'pharmacist' ? (
          <Proposal staff={staff} request={request} onAnswered={() => setLoads((count) => count + 1)} />
        ) : (
          <p className="mt-6 text-gray-700">A pharmacist answers this request.</p>
        )
      ) : (
        saved.length > 0 && (
          <section aria-labelledby="sent-heading" className="mt-8">
            <h2 id="sent-heading" className="text-lg font-semibold text-gray-900">
              Lines sent to the customer
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-gray-800">
              {saved.map((line, index) => (
                <li key={index}>
                  {line.name}: {line.line_status === 'proposed' ? `${line.quantity} of ${line.prescribed_quantity}` : `${UNFILLED_LABELS[line.line_status]} (${line.reason})`}
                </li>
              ))}
            </ul>
          </section>
        )
      )}
    </div>
  );
}

/** /desk/request?id=: one prescription request, its files, and the pharmacist's proposal or rejection. */
export default function DeskRequest() {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id')), []);
  return <StaffGate>{(staff) => (id ? <Request staff={staff} id={id} /> : <p className="text-gray-700">No request was named.</p>)}</StaffGate>;
}
