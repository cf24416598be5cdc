/** What other features may use of prescriptions, besides PrescriptionDialog. */
export { $prescriptionLinks } from './prescription-upload';
