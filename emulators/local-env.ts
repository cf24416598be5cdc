/**
 * The configuration a machine with no configuration runs on: every outside service is a local
 * emulator and every key is a local test key that only those emulators accept. Real deployments
 * set these variables in Netlify instead (see .env.example); anything already set wins.
 */
export const LOCAL_PORTS = {
  site: 8888,
  supabase: 54321,
  inbox: 54324,
  razorpay: 54330,
  phonepe: 54331,
} as const;

export function localEnv(sitePort: number = LOCAL_PORTS.site): Record<string, string> {
  return {
    SITE_URL: `http://localhost:${sitePort}`,
    SUPABASE_URL: `http://127.0.0.1:${LOCAL_PORTS.supabase}`,
    // The Supabase CLI's well-known local service-role key; the emulator signs with the same secret.
    SUPABASE_SERVICE_ROLE_KEY:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
    RAZORPAY_KEY_ID: 'rzp_test_localemulator',
    RAZORPAY_KEY_SECRET: 'local-razorpay-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'local-razorpay-webhook-secret',
    RAZORPAY_API_BASE: `http://127.0.0.1:${LOCAL_PORTS.razorpay}`,
    PHONEPE_CLIENT_ID: 'LOCALPHONEPECLIENT',
    PHONEPE_CLIENT_SECRET: 'local-phonepe-client-secret',
    PHONEPE_CLIENT_VERSION: '1',
    PHONEPE_IDENTITY_BASE: `http://127.0.0.1:${LOCAL_PORTS.phonepe}`,
    PHONEPE_PG_BASE: `http://127.0.0.1:${LOCAL_PORTS.phonepe}`,
    PHONEPE_WEBHOOK_USERNAME: 'local-phonepe-webhook',
    PHONEPE_WEBHOOK_PASSWORD: 'local-phonepe-webhook-password',
  };
}

/** Fills in the local defaults without overriding anything the developer set. */
export function applyLocalEnv(sitePort?: number): Record<string, string> {
  const defaults = localEnv(sitePort);
  for (const [name, value] of Object.entries(defaults)) {
    if (process.env[name] === undefined || process.env[name] === '') process.env[name] = value;
  }
  return defaults;
}
