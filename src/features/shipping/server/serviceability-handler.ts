import type { PinCodeCheck } from '../../../domain/delivery';
import { HttpRefusal, jsonResponse } from '../../../lib/server/http';
import { ServiceabilityUnavailable } from './serviceability';

/** The PIN-code check as checkout's server uses it: throws an HttpRefusal with the customer's sentence when the answer is unknown. */
export type DeliveryChecker = (pinCode: string, now: Date) => Promise<PinCodeCheck>;

/**
 * GET /api/shipping/serviceability?pin=411001 -> the PIN-code check the cart shows (serviceable,
 * COD, the promise and its sentence). The answer holds for the India day, so the browser may keep
 * it a few minutes; a provider that cannot answer is a 503 with the sentence to show.
 */
export async function handleServiceability(req: Request, checkDelivery: DeliveryChecker, now: () => Date): Promise<Response> {
  if (req.method !== 'GET') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET`);
  const pin = new URL(req.url).searchParams.get('pin');
  if (pin === null) throw new HttpRefusal(400, 'Give the PIN code as ?pin=');
  if (pin.length > 20) throw new HttpRefusal(400, 'A PIN code is 6 digits');
  const check = await checkDelivery(pin, now());
  return jsonResponse(check, 200, { 'cache-control': 'private, max-age=300' });
}

/** The server's re-check for an order: an unknown answer is refused with the sentence, never guessed. */
export function refusingUnknown(check: (pinCode: string, at: Date) => Promise<PinCodeCheck>): DeliveryChecker {
  return async (pinCode, at) => {
    try {
      return await check(pinCode, at);
    } catch (error) {
      if (error instanceof ServiceabilityUnavailable) throw new HttpRefusal(503, error.message);
      throw error;
    }
  };
}
