/** Most addresses a customer can save; the database enforces it too (a trigger on public.addresses). */
export const MAX_ADDRESSES = 10;
