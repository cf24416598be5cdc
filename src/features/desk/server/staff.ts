import { z } from 'zod';
import { staffRoles, type StaffRole } from '../../../domain/desk';
import { HttpRefusal } from '../../../lib/server/http';

/** A signed-in staff member as the verified token's app_metadata describes them. */
export interface StaffMember {
  id: string;
  role: StaffRole;
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
  role: z.enum(staffRoles),
  staff_name: z.string().trim().min(1).max(100).optional(),
  registration_number: z.string().trim().min(1).max(50).optional(),
});

export const STAFF_ONLY = 'This area is for pharmacy staff.';

/**
 * The staff member behind a request's bearer token. The role comes from app_metadata, which only
 * the service role can write; user_metadata (the user's own) is never read.
 */
export async function requireStaff(
  req: Request,
  verify: (accessToken: string) => Promise<VerifiedUser | null>,
  allowed: readonly StaffRole[],
): Promise<StaffMember> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new HttpRefusal(401, 'Sign in with your staff account.');
  const user = await verify(token);
  if (!user) throw new HttpRefusal(401, 'Your session has ended. Sign in again.');
  const metadata = staffMetadataSchema.safeParse(user.app_metadata);
  if (!metadata.success) throw new HttpRefusal(403, STAFF_ONLY);
  const member: StaffMember = {
    id: user.id,
    role: metadata.data.role,
    name: metadata.data.staff_name ?? user.email ?? user.id,
    registrationNumber: metadata.data.registration_number ?? null,
  };
  if (!allowed.includes(member.role)) {
    throw new HttpRefusal(403, `Only a ${allowed.join(' or ')} can do this.`);
  }
  return member;
}
