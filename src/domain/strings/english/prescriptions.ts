export const prescriptions = {
  uploadTitle: 'Upload Prescription',
  save: 'Save Prescription',
  saving: 'Saving...',
  filesSelected: 'Files selected for upload',
  filesTooLarge: 'Some files are too large. Max 5MB per file.',
  noneChosen: 'Please upload a prescription before proceeding with your order.',
  unsupportedFileType: 'Only images (JPG, PNG, WEBP, HEIC) and PDF files are accepted.',
  saveFailed: 'Failed to save prescription',
  savedForAllItems: 'Prescription saved successfully for all items!',
  notAcceptedItemsRemoved: 'Items whose prescription is not accepted by our pharmacist will be removed from the order.',
} as const;
