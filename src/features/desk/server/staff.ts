import { z } from 'zod';
import { deskRoles, isStaffRole, type DeskRole, type StaffRole } from '../../../domain/desk';
import { HttpRefusal } from '../../../lib/server/http';

/** A signed-in staff member as the verified token's app_metadata describes them. */
export interface StaffMember<R extends DeskRole = StaffRole> {
  id: string;
  role: R;
  name: string;
  registrationNumber: string | null;
}

/** The user Supabase Auth returns for a verified access token (only app_metadata is trusted). */
export interface VerifiedUser {
  id: string;
  email?: string;
  app_metadata: Record<string, unknown>;
}

const staffMetadataSchema = z.object({
  role: z.enum(deskRoles),
  staff_name: z.string().trim().min(1).max(100).optional(),
  registration_number: z.string().trim().min(1).max(50).optional(),
});

export const STAFF_ONLY = 'This area is for pharmacy staff.';

/**
 * The staff member behind a request's bearer token. The role comes from app_metadata, which only
 * the service role can write; user_metadata (the user's own) is never read. A desk role outside
 * the order staff (marketing, owner) that is not allowed here is told the area is for staff, as a
 * customer is.
 */
export async function requireStaff<R extends DeskRole>(
  req: Request,
  verify: (accessToken: string) => Promise<VerifiedUser | null>,
  allowed: readonly R[],
): Promise<StaffMember<R>> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new HttpRefusal(401, 'Sign in with your staff account.');
  const user = await verify(token);
  if (!user) throw new HttpRefusal(401, 'Your session has ended. Sign in again.');
  const metadata = staffMetadataSchema.safeParse(user.app_metadata);
  if (!metadata.success) throw new HttpRefusal(403, STAFF_ONLY);
  const role = metadata.data.role;
  const isAllowed = (candidate: DeskRole): candidate is R => allowed.some((allowedRole) => allowedRole === candidate);
  if (!isAllowed(role)) {
    if (!isStaffRole(role)) throw new HttpRefusal(403, STAFF_ONLY);
    throw new HttpRefusal(403, `Only ${/^[aeiou]/.test(allowed[0] ?? '') ? 'an' : 'a'} ${allowed.join(' or ')} can do this.`);
  }
  return {
    id: user.id,
    role,
    name: metadata.data.staff_name ?? user.email ?? user.id,
    registrationNumber: metadata.data.registration_number ?? null,
  };
}
