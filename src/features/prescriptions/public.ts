/** What other features may use of prescriptions, besides PrescriptionDialog. */
export { $prescriptionLinks } from './prescription-links';
export { claimGuestPrescriptions, withClaimedPrescriptions } from './claim-guest-prescriptions';
export { FILES_TOO_LARGE, NO_PRESCRIPTION_CHOSEN, UNSUPPORTED_FILE_TYPE } from './prescription-strings';
export { contentTypeOf, isAcceptedContentType, partitionBySize, PRESCRIPTION_ACCEPT } from './prescription-files';
export { PrescriptionSaveError, uploadPrescriptionFiles, type SavedPrescriptionFile } from './prescription-upload';
