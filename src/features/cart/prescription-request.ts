import { atom } from 'nanostores';
import { $cart, setPrescription } from './cart-store';

/**
 * The cart's prescription dialog: 0 while closed, and each opening the next number (the summary, a
 * line and the payment panel all open it). A plain true/false lost a quick reopen: closed by Escape
 * and opened again before React drew the close, the value went back to what React last drew, so
 * React drew nothing and the dialog stayed shut.
 */
export const $prescriptionDialogOpening = atom(0);
let openings = 0;

export function openPrescriptionDialog(): void {
  openings += 1;
  $prescriptionDialogOpening.set(openings);
}

export function closePrescriptionDialog(): void {
  $prescriptionDialogOpening.set(0);
}

/**
 * The server refused the attached prescription (not found, not in this buyer's folder): every
 * prescription-only line asks for one again, rather than claiming one is attached.
 */
export function askAgainForPrescriptions(): void {
  for (const line of $cart.get().items) {
    if (line.product.requires_prescription) setPrescription(line.product.id, false, null);
  }
}
