/**
 * The settings the courier provider needs, as a group (names only, never values), like the payment
 * methods' secrets: left out entirely, the shop delivers only to its own zones; set in part, the
 * build and every function refuse to start, naming what is missing.
 */
export const SHIPPING_SETTINGS = {
  /**
   * Shiprocket: the API user's email and password (Settings > API > Configure), the pickup
   * location's name and PIN code as the panel spells them, and the token its tracking webhook sends.
   */
  shiprocket: ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_LOCATION', 'SHIPROCKET_PICKUP_PIN_CODE', 'SHIPROCKET_WEBHOOK_TOKEN'],
} as const;

/** One sentence per group set in part: the variables it still needs. */
export function partialShippingIssues(present: Readonly<Record<string, string | undefined>>): string[] {
  return Object.values(SHIPPING_SETTINGS).flatMap((names) => {
    const missing = names.filter((name) => !present[name]);
    return missing.length > 0 && missing.length < names.length ? missing.map((name) => `${name} is not set`) : [];
  });
}
