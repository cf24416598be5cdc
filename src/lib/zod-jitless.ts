/**
 * Runs before any module script: zod probes for eval with `new Function` when it builds its first
 * schema, and under the store's CSP (no 'unsafe-eval') the refused probe is reported as a violation.
 * This sets zod's own global config (the object zod itself adopts) to its documented jitless mode
 * before zod loads, so it never probes. Kept as text so astro.config.mjs can put its hash in the
 * page's Content-Security-Policy.
 */
export const ZOD_JITLESS_SCRIPT = '(globalThis.__zod_globalConfig ??= {}).jitless = true;';
