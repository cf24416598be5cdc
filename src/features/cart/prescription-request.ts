import { atom } from 'nanostores';
import { $cart, setPrescription } from './cart-store';

/** Whether the cart's prescription dialog is open; the summary, a line and the payment panel all open it. */
export const $prescriptionDialogOpen = atom(false);

export function openPrescriptionDialog(): void {
  $prescriptionDialogOpen.set(true);
}

export function closePrescriptionDialog(): void {
  $prescriptionDialogOpen.set(false);
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
