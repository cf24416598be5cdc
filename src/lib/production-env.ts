/** The browser bundle's settings a production build must be given: without them it would ship the local stack's. */
export const PRODUCTION_PUBLIC_ENV = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_RAZORPAY_KEY_ID'] as const;

/**
 * The one line a production build (Netlify sets CONTEXT=production) fails with when a public
 * setting is missing or empty, or null when the build may go on. Other contexts (deploy previews,
 * local builds) keep the local defaults.
 */
export function productionEnvProblem(env: Readonly<Record<string, string | undefined>>): string | null {
  if (env.CONTEXT !== 'production') return null;
  const missing = PRODUCTION_PUBLIC_ENV.filter((name) => !env[name]?.trim());
  if (missing.length === 0) return null;
  return `Production build stopped: set ${missing.join(', ')} in the site's environment (the local emulator defaults are never shipped).`;
}
