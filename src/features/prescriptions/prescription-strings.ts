/** Customer-facing prescription strings (the spec's exact wording where it gives one). */
export const UPLOAD_PRESCRIPTION_TITLE = 'Upload Prescription';
export const SAVE_PRESCRIPTION = 'Save Prescription';
export const SAVING_PRESCRIPTION = 'Saving...';
export const FILES_SELECTED = 'Files selected for upload';
export const FILES_TOO_LARGE = 'Some files are too large. Max 5MB per file.';
export const NO_PRESCRIPTION_CHOSEN = 'Please upload a prescription before proceeding with your order.';
export const UNSUPPORTED_FILE_TYPE = 'Only images (JPG, PNG, WEBP, HEIC) and PDF files are accepted.';
export const SAVE_FAILED = 'Failed to save prescription';
export const SAVED_FOR_ALL_ITEMS = 'Prescription saved successfully for all items!';
export const NOT_ACCEPTED_ITEMS_REMOVED =
  'Items whose prescription is not accepted by our pharmacist will be removed from the order.';
