/**
 * GoTrue answers a wrong, an expired and a used code alike ("Token has expired or is invalid"), so
 * the browser tells them apart from what it knows: codes it already signed in with (kept here,
 * worthless once used) and when the code was sent.
 */
const USED_CODES_KEY = 'medikart-used-sms-codes';
const KEPT = 5;

function read(storage: Storage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(USED_CODES_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberUsedCode(storage: Storage, phone: string, code: string): void {
  storage.setItem(USED_CODES_KEY, JSON.stringify([`${phone}:${code}`, ...read(storage)].slice(0, KEPT)));
}

export type CodeFailure = 'used' | 'expired' | 'wrong';

export function codeFailure(storage: Storage, phone: string, code: string, sentAt: number, lifetimeMs: number, now = Date.now()): CodeFailure {
  if (read(storage).includes(`${phone}:${code}`)) return 'used';
  return now - sentAt > lifetimeMs ? 'expired' : 'wrong';
}
