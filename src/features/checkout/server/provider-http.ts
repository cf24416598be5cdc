import { HttpRefusal } from '../../../lib/server/http';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';

/**
 * One call to a provider's API with a 10 s limit: unreachable is a 502 naming the provider; the
 * status and parsed JSON (null when unreadable) go back for the adapter to judge.
 */
export async function callProvider(
  fetcher: typeof fetch,
  provider: string,
  what: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    console.error(`[${provider}] ${what} request failed: ${(error as Error).message}`);
    throw new HttpRefusal(502, fill(refusals.providerUnreachable, { provider }));
  }
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** Joins a base that may carry a path prefix (…/apis/pg) with an API path. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}
