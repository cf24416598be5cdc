import { prescriptions as englishPrescriptions } from '../../domain/strings/english/prescriptions';

/** The prescription sentences code outside the dialog compares and throws (English; the dialog says its own in the page's language). */
const text = englishPrescriptions;
export const FILES_TOO_LARGE = text.filesTooLarge;
export const NO_PRESCRIPTION_CHOSEN = text.noneChosen;
export const UNSUPPORTED_FILE_TYPE = text.unsupportedFileType;
