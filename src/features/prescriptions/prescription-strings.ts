import { prescriptions as englishPrescriptions } from '../../domain/strings/english/prescriptions';

/** Customer-facing prescription strings (the spec's exact wording where it gives one); the text is in the strings tables. */
const text = englishPrescriptions;
export const UPLOAD_PRESCRIPTION_TITLE = text.uploadTitle;
export const SAVE_PRESCRIPTION = text.save;
export const SAVING_PRESCRIPTION = text.saving;
export const FILES_SELECTED = text.filesSelected;
export const FILES_TOO_LARGE = text.filesTooLarge;
export const NO_PRESCRIPTION_CHOSEN = text.noneChosen;
export const UNSUPPORTED_FILE_TYPE = text.unsupportedFileType;
export const SAVE_FAILED = text.saveFailed;
export const SAVED_FOR_ALL_ITEMS = text.savedForAllItems;
export const NOT_ACCEPTED_ITEMS_REMOVED = text.notAcceptedItemsRemoved;
