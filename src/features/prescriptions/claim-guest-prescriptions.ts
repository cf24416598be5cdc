import type { CartLine, CartState } from '../../domain/cart-line';

/** The function that copies a guest's prescriptions into the signed-in customer's folder. */
export const CLAIM_PRESCRIPTIONS_PATH = '/api/prescriptions/claim';

/** The cart's prescription files that still sit in its own guest folder. */
export function guestPrescriptionPaths(cart: CartState): string[] {
  const folder = `guest-${cart.sessionId}/`;
  return [...new Set(cart.items.flatMap((line) => (line.prescriptionFileUrl?.startsWith(folder) ? [line.prescriptionFileUrl] : [])))];
}

/**
 * Hands the cart's guest prescriptions to the signed-in customer's account; answers each moved
 * path's new place. A guest path the server did not move (its file is gone) is no prescription any
 * more: the caller asks for it again.
 */
export async function claimGuestPrescriptions(cart: CartState, accessToken: string, send: typeof fetch = fetch): Promise<Record<string, string>> {
  const paths = guestPrescriptionPaths(cart);
  if (paths.length === 0) return {};
  const response = await send(CLAIM_PRESCRIPTIONS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ cartSessionId: cart.sessionId, paths }),
  });
  if (!response.ok) throw new Error(`Claiming guest prescriptions failed: ${response.status}`);
  const reply: unknown = await response.json();
  const moved = typeof reply === 'object' && reply !== null && 'moved' in reply ? reply.moved : null;
  if (typeof moved !== 'object' || moved === null) throw new Error('Claiming guest prescriptions failed: no moved paths in the reply');
  const claimed: Record<string, string> = {};
  for (const path of paths) {
    const target = (moved as Record<string, unknown>)[path];
    if (typeof target === 'string') claimed[path] = target;
  }
  return claimed;
}

/**
 * The lines after a claim: a moved prescription points at its new place; one left in the guest
 * folder is dropped, so the line asks for a prescription again instead of failing at payment.
 */
export function withClaimedPrescriptions(cart: CartState, claimed: Readonly<Record<string, string>>): CartLine[] {
  const folder = `guest-${cart.sessionId}/`;
  return cart.items.map((line) => {
    const path = line.prescriptionFileUrl;
    if (!path?.startsWith(folder)) return line;
    const target = claimed[path];
    return target ? { ...line, prescriptionFileUrl: target } : { ...line, prescriptionAccepted: !line.product.requires_prescription, prescriptionFileUrl: null };
  });
}
