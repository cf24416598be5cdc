import { useEffect, useState } from 'react';
import type { PinCodeCheck } from '../../domain/delivery';
import { askCourier, needsCourierCheck } from './courier-check';

/**
 * The PIN-code check the form shows: the own zones' answer at once, or, for a PIN code they do not
 * claim, the courier provider's (asked in the background; null until it arrives, so nothing is
 * promised meanwhile and cash on delivery waits for it).
 */
export function useCourierAnswer(pinCode: string, own: PinCodeCheck | null): PinCodeCheck | null {
  const pin = pinCode.trim();
  const asking = needsCourierCheck(pin, own);
  const [answer, setAnswer] = useState<{ pin: string; check: PinCodeCheck } | null>(null);

  useEffect(() => {
    if (!asking) return;
    let current = true;
    void askCourier(pin).then((check) => {
      if (current) setAnswer({ pin, check });
    });
    return () => {
      current = false;
    };
  }, [asking, pin]);

  if (!asking) return own;
  return answer?.pin === pin ? answer.check : null;
}
