import { HttpRefusal } from '../../../lib/server/http';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';

export type Buyer = { kind: 'customer'; userId: string } | { kind: 'guest'; guestSessionId: string };

/** Resolves an access token to its user id, or null when the token is not valid. */
export type AccessTokenVerifier = (accessToken: string) => Promise<string | null>;

/** The storage folder holding this buyer's prescriptions (see the storage policies). */
export function buyerFolder(buyer: Buyer): string {
  return buyer.kind === 'customer' ? buyer.userId : `guest-${buyer.guestSessionId}`;
}

/** A signed-in customer proves who they are with their Supabase token; a guest is their cart session. */
export async function identifyBuyer(req: Request, cartSessionId: string, verify: AccessTokenVerifier): Promise<Buyer> {
  const header = req.headers.get('authorization');
  if (header === null) return { kind: 'guest', guestSessionId: cartSessionId };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) throw new HttpRefusal(401, 'Authorization must be "Bearer <access token>"');
  const userId = await verify(match[1]!);
  if (!userId) throw new HttpRefusal(401, refusals.signInExpired);
  return { kind: 'customer', userId };
}

/**
 * Every sent path must lie in the buyer's own folder and exist in the prescriptions bucket, and an
 * order with prescription-only lines needs at least one such file.
 */
export async function checkPrescriptions(
  buyer: Buyer,
  paths: readonly string[],
  prescriptionProducts: readonly string[],
  exists: (path: string) => Promise<boolean>,
): Promise<string[]> {
  const folder = `${buyerFolder(buyer)}/`;
  const unique = [...new Set(paths)];
  for (const path of unique) {
    const rest = path.slice(folder.length);
    if (!path.startsWith(folder) || rest === '' || rest.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new HttpRefusal(422, fill(refusals.prescriptionNotInFolder, { path }));
    }
  }
  const found = await Promise.all(unique.map(exists));
  const missing = unique.filter((_, index) => !found[index]);
  if (missing.length > 0) {
    throw new HttpRefusal(422, fill(refusals.prescriptionNotFound, { paths: missing.join(', ') }));
  }
  if (prescriptionProducts.length > 0 && unique.length === 0) {
    throw new HttpRefusal(422, fill(refusals.needsPrescription, { names: prescriptionProducts.join(', ') }));
  }
  return unique;
}
