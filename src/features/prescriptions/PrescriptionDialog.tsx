import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Toaster } from '../../lib/browser/Toaster';
import { showToast } from '../../lib/browser/toast';
import type { CartState } from '../../domain/cart-line';
import { contentTypeOf, isAcceptedContentType, isPdf, partitionBySize, PRESCRIPTION_ACCEPT } from './prescription-files';
import { prescriptions } from '../../domain/strings/english/prescriptions';
import { fill } from '../../domain/strings/format';
import { pageText } from '../../lib/browser/page-text';
import { PrescriptionSaveError, savePrescription } from './prescription-upload';

interface ChosenFile {
  key: string;
  file: File;
  /** An object URL for image previews; released when the file leaves the dialog. */
  previewUrl: string | null;
}

interface Props {
  /** 0 while closed; each opening has its own number, so opening right after a close still opens. */
  opening: number;
  /** Names of the prescription-only items the prescription is for. */
  itemNames: readonly string[];
  onClose(): void;
  /** The cart as it is now (the dialog is the cart page's: the cart passes itself in). */
  readCart(): CartState;
  /** Attaches a saved prescription file to one of the cart's lines. */
  attachPrescription(productId: number, fileReference: string): void;
}

let chosenKey = 0;

function choose(file: File): ChosenFile {
  const previewUrl = !isPdf(file) && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
  return { key: `file-${chosenKey++}`, file, previewUrl };
}

function release(files: readonly ChosenFile[]): void {
  for (const chosen of files) if (chosen.previewUrl) URL.revokeObjectURL(chosen.previewUrl);
}

/**
 * The modal that collects prescription files for the cart's prescription-only items. A native
 * modal <dialog> keeps focus inside and closes on Escape; focus returns to whatever opened it.
 */
export function PrescriptionDialog({ opening, itemNames, onClose, readCart, attachPrescription }: Props) {
  // The cart page's words: English's, or the page's own language's (the dialog draws only in the browser).
  const text = pageText('prescriptions', prescriptions);
  const open = opening > 0;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<Element | null>(null);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const filesRef = useRef(files);
  filesRef.current = files;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ reason: string | null } | null>(null);
  /** Names of the files just refused for their type: the bucket would refuse them on save anyway. */
  const [refusedByType, setRefusedByType] = useState<string[]>([]);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, opening]);

  useEffect(() => () => release(filesRef.current), []);

  function handleClosed() {
    if (openerRef.current instanceof HTMLElement) openerRef.current.focus();
    setFailure(null);
    setRefusedByType([]);
    if (readCart().items.some((line) => !line.prescriptionAccepted)) showToast('info', text.noneChosen);
    onClose();
  }

  function handleChoose(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const ofAcceptedType = picked.filter((file) => isAcceptedContentType(contentTypeOf(file)));
    setRefusedByType(picked.filter((file) => !ofAcceptedType.includes(file)).map((file) => file.name));
    const { withinLimit, tooLarge } = partitionBySize(ofAcceptedType);
    if (withinLimit.length > 0) setFiles((current) => [...current, ...withinLimit.map(choose)]);
    setFailure(null);
    if (tooLarge.length > 0) showToast('error', text.filesTooLarge);
    else if (withinLimit.length > 0) showToast('success', text.filesSelected);
  }

  function handleRemove(key: string) {
    release(files.filter((chosen) => chosen.key === key));
    setFiles((current) => current.filter((chosen) => chosen.key !== key));
  }

  async function handleSave() {
    if (files.length === 0) {
      showToast('error', text.noneChosen);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await savePrescription(
        files.map((chosen) => chosen.file),
        readCart(),
      );
      // A line keeps one file reference; every file of this save covers every pending item.
      const reference = saved[0]!.path;
      for (const line of readCart().items) {
        if (line.product.requires_prescription && !line.prescriptionAccepted) attachPrescription(line.product.id, reference);
      }
      release(files);
      setFiles([]);
      showToast('success', text.savedForAllItems);
      dialogRef.current?.close();
    } catch (error) {
      console.error('Saving the prescription failed', error);
      const reason = error instanceof PrescriptionSaveError ? error.reason : null;
      setFailure({ reason });
      showToast('error', text.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={handleClosed}
      onCancel={(event) => {
        if (saving) event.preventDefault();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-black/50"
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-xl font-semibold text-gray-900">
            {text.uploadTitle}
          </h2>
          <div id={descriptionId} className="space-y-2 text-sm text-gray-700">
            <p>{text.uploadFor}</p>
            <ul className="list-disc pl-5">
              {itemNames.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <p className="font-medium text-amber-800">{text.notAcceptedItemsRemoved}</p>
          </div>

          <div>
            <input
              id={`${titleId}-files`}
              type="file"
              accept={PRESCRIPTION_ACCEPT}
              multiple
              onChange={handleChoose}
              className="peer sr-only"
            />
            <label
              htmlFor={`${titleId}-files`}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-brand-600 bg-brand-50 px-4 py-6 text-center text-sm text-brand-800 hover:bg-brand-100 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600"
            >
              <span className="font-semibold">{text.chooseFiles}</span>
              <span>{text.fileTypes}</span>
            </label>
          </div>

          {files.length > 0 && (
            <ul aria-label={text.chosenFiles} className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {files.map((chosen) => (
                <li key={chosen.key} className="relative flex flex-col items-center gap-1 rounded-lg border border-gray-200 p-2">
                  {chosen.previewUrl ? (
                    <img src={chosen.previewUrl} alt={fill(text.previewOf, { name: chosen.file.name })} className="h-20 w-full rounded object-cover" />
                  ) : (
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-20 w-12 text-red-700" fill="currentColor">
                      <path d="M6 2h9l5 5v15H6zM14 3v5h5" opacity=".25" />
                      <path d="M6 2h9l5 5v15H6V2zm8 1.5V8h4.5L14 3.5zM8 14h2.2a1.8 1.8 0 0 1 0 3.6H9v1.4H8V14zm1 1v1.6h1.2a.8.8 0 0 0 0-1.6H9zm4-1h1.6a2.5 2.5 0 0 1 0 5H13v-5zm1 1v3h.6a1.5 1.5 0 0 0 0-3H14zm3-1h3v1h-2v1h1.6v1H18v2h-1v-5z" />
                    </svg>
                  )}
                  <span className="w-full truncate text-center text-xs text-gray-700" title={chosen.file.name}>
                    {chosen.file.name}
                  </span>
                  <button
                    type="button"
                    onClick={() => handleRemove(chosen.key)}
                    disabled={saving}
                    aria-label={fill(text.removeFile, { name: chosen.file.name })}
                    className="text-xs font-medium text-red-700 hover:underline"
                  >
                    {text.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}

          {refusedByType.length > 0 && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-semibold">{text.unsupportedFileType}</p>
              <p>{fill(text.notAdded, { files: refusedByType.join(', ') })}</p>
            </div>
          )}

          {failure && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p className="font-semibold">{text.saveFailed}</p>
              {failure.reason && <p>{failure.reason}</p>}
            </div>
          )}

          <div className="flex justify-end gap-3">
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              disabled={saving}
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-50"
            >
              {text.cancel}
            </button>
            <button
              type="button"
              onClick={handleSave}
              disabled={files.length === 0 || saving}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
            >
              {saving ? text.saving : text.save}
            </button>
          </div>
          <Toaster />
        </div>
      )}
    </dialog>
  );
}
