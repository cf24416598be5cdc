/** What other features use of the desk besides its components: the signed-in staff member. */
export type { StaffSession } from './desk-api';
