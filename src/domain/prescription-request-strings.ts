import { prescriptionRequest as englishPrescriptionRequest } from './strings/english/prescriptionRequest';

/** The request functions' refusals in English, from the strings tables (the request page says them in its own language). */
const text = englishPrescriptionRequest;
export const REQUEST_NOT_FOUND = text.notFound;
export const REQUEST_CANNOT_SHOW = text.cannotShow;
