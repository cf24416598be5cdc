import { atom } from 'nanostores';

/**
 * 24-hour signed addresses of a signed-in customer's prescriptions, by storage path (never stored).
 * A module of its own: the cart shows these links at once, the upload code loads with the dialog.
 */
export const $prescriptionLinks = atom<Readonly<Record<string, string>>>({});
