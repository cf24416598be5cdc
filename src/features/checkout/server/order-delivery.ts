import type { PinCodeCheck } from '../../../domain/delivery';
import type { DeliveryRoute } from '../../../domain/shipping-route';
import { GUEST_EMAIL_MESSAGE, type DeliveryDetails } from '../../../domain/payment-contract';
import type { Buyer } from './buyer';
import { HttpRefusal } from '../../../lib/server/http';
import type { OrderDelivery } from './order-store';

/**
 * The server's own PIN-code check (own zone, else the courier provider's, re-asked here whatever the
 * browser showed); throws an HttpRefusal with the customer's sentence when the answer is unknown.
 */
export type DeliveryChecker = (pinCode: string, now: Date) => Promise<PinCodeCheck>;

/**
 * Settles where an order goes from the customer's details and the server's PIN-code check: the
 * route and the promised date are worked out here, whatever the browser showed. A PIN code we don't
 * deliver to and a guest without an email are refused with the sentence the customer sees.
 */
export async function settleDelivery(details: DeliveryDetails, buyer: Buyer, checkDelivery: DeliveryChecker, now: Date): Promise<{ delivery: OrderDelivery; zone: DeliveryRoute }> {
  const check = await checkDelivery(details.pin_code, now);
  if (!check.serviceable) throw new HttpRefusal(422, check.message);
  if (buyer.kind === 'guest' && !details.email) throw new HttpRefusal(422, GUEST_EMAIL_MESSAGE);
  const line2 = [details.area, details.landmark ? `Near ${details.landmark}` : null].filter(Boolean).join(', ');
  return {
    zone: check.zone,
    delivery: {
      name: details.full_name,
      mobile: details.mobile,
      email: details.email ?? null,
      line1: details.line1,
      line2: line2 || null,
      city: details.city,
      state: details.state,
      pinCode: check.pinCode,
      zoneId: check.zone.id,
      promisedDate: check.promisedDate,
      whatsappUpdates: details.whatsappUpdates === true,
    },
  };
}
