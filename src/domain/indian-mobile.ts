/** Indian mobile numbers for display and editing; kept apart from the zod schemas so pages can show them without loading zod. */

/** +91 98765 43210 for display, from a stored number (E.164, or GoTrue's digits-only 9198...). */
export function formatIndianMobile(stored: string): string {
  const digits = localMobileDigits(stored);
  return /^\d{10}$/.test(digits) ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : stored;
}

/** The 10 digits a customer types, from a stored number (for editing). */
export const localMobileDigits = (stored: string): string => stored.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');
