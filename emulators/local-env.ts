import { LOCAL_PORTS, localEnv } from '../src/lib/local-stack.ts';

/**
 * The configuration a machine with no configuration runs on: every outside service is a local
 * emulator and every key is a local test key that only those emulators accept (the values live in
 * src/lib/local-stack.ts). Real deployments set these variables in Netlify instead (see
 * .env.example); anything already set wins.
 */
export { LOCAL_PORTS, localEnv };

/** Fills in the local defaults without overriding anything the developer set. */
export function applyLocalEnv(sitePort?: number): Record<string, string> {
  const defaults = localEnv(sitePort);
  for (const [name, value] of Object.entries(defaults)) {
    if (process.env[name] === undefined || process.env[name] === '') process.env[name] = value;
  }
  return defaults;
}
