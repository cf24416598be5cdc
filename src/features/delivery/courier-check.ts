import { deliveryStrings } from '../../domain/delivery-strings';
import type { PinCodeCheck } from '../../domain/delivery';

/**
 * The PIN-code check for a PIN code the pharmacy's own zones do not serve: the server asks the
 * courier provider (its answer cached for the India day). One call per PIN code a page; the form
 * never waits for it: the sentence under the field says the check is under way.
 */

const answers = new Map<string, Promise<PinCodeCheck>>();

/** True when the own-zone check leaves the answer to the courier provider: a valid PIN code no zone claims. */
export const needsCourierCheck = (pinCode: string, own: PinCodeCheck | null): boolean => own !== null && !own.serviceable && /^[1-9][0-9]{5}$/.test(pinCode.trim());

export function askCourier(pinCode: string, fetcher: typeof fetch = fetch): Promise<PinCodeCheck> {
  const pin = pinCode.trim();
  const known = answers.get(pin);
  if (known) return known;
  const asked = (async (): Promise<PinCodeCheck> => {
    try {
      const response = await fetcher(`/api/shipping/serviceability?pin=${encodeURIComponent(pin)}`);
      const body = (await response.json()) as PinCodeCheck | { error?: string };
      if (response.ok && 'serviceable' in body) return body;
      answers.delete(pin);
      return { serviceable: false, message: ('error' in body && body.error) || deliveryStrings.checkUnavailable(pin) };
    } catch {
      answers.delete(pin);
      return { serviceable: false, message: deliveryStrings.checkUnavailable(pin) };
    }
  })();
  answers.set(pin, asked);
  return asked;
}

