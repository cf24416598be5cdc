import { staffRoles, type DeskRole } from '../../domain/desk';

/** The desk's pages, as its header lists them: each shown to the roles it is for once the staff member is known. */
export const DESK_PAGES: readonly { path: string; name: string; roles: readonly DeskRole[] }[] = [
  { path: '/desk', name: 'Order queue', roles: staffRoles },
  { path: '/desk/records', name: 'Stock and registers', roles: staffRoles },
  { path: '/desk/campaigns', name: 'Campaign sales', roles: ['marketing'] },
  { path: '/desk/coupons', name: 'Coupons', roles: ['marketing'] },
  { path: '/desk/reports', name: 'Reports', roles: ['owner'] },
];

/** The attribute on each link of the header's list naming the roles it is for (space-separated). */
export const DESK_PAGE_ROLES = 'data-desk-roles';
/** The header's place for the sign-in state (signed-in-line.ts draws it). */
export const DESK_STAFF_SLOT = 'data-desk-staff';
