/** What other features may use of prescriptions, besides PrescriptionDialog. */
export { $prescriptionLinks } from './prescription-links';
export { claimGuestPrescriptions, withClaimedPrescriptions } from './claim-guest-prescriptions';
export { NO_PRESCRIPTION_CHOSEN } from './prescription-strings';
