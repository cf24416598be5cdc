import { checkPinCode, deliveryBySentence, indiaDate, type PinCodeCheck } from '../../../domain/delivery';
import { pinCodeSchema, type DeliveryContent } from '../../../domain/delivery-content';
import { deliveryStrings } from '../../../domain/delivery-strings';
import { chooseCourier, courierPromisedDate, type CourierQuote, type CourierRule } from '../../../domain/shipping';
import type { CourierAdapter } from './courier';

/**
 * "Do you deliver to this PIN code, and by when?" for checkout and for the server's re-check at order
 * creation: the pharmacy's own zone first (answered from content, no call), else the courier
 * provider's couriers for the PIN code, asked once per PIN code and India day (the first caller's
 * answer serves every other until midnight in India), then the owner's rule and the packing time.
 */

/** The couriers a provider quoted for a PIN code on a day; [] when nobody serves it. */
export interface ServiceabilityCache {
  get(pinCode: string, day: string): Promise<CourierQuote[] | undefined>;
  put(pinCode: string, day: string, couriers: CourierQuote[]): Promise<void>;
}

/** The function instance's own copy, in front of the shared one; bounded, oldest out first. */
export class MemoryServiceabilityCache implements ServiceabilityCache {
  private readonly entries = new Map<string, CourierQuote[]>();

  constructor(private readonly limit = 20_000) {}

  async get(pinCode: string, day: string): Promise<CourierQuote[] | undefined> {
    return this.entries.get(`${day}:${pinCode}`);
  }

  async put(pinCode: string, day: string, couriers: CourierQuote[]): Promise<void> {
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(`${day}:${pinCode}`, couriers);
  }
}

/** The provider could not be asked just now: the customer is told to try again, nothing is cached. */
export class ServiceabilityUnavailable extends Error {}

export const unavailableSentence = (pinCode: string): string => deliveryStrings.checkUnavailable(pinCode);

export const courierRuleOf = (content: DeliveryContent): CourierRule =>
  content.courier.rule === 'preferred' ? { rule: 'preferred', courier: content.courier.preferredCourier! } : { rule: content.courier.rule };

export class DeliveryCheck {
  /** Calls in flight by key, so a burst of checks for one cold PIN code asks the provider once. */
  private readonly asking = new Map<string, Promise<CourierQuote[]>>();

  constructor(
    private readonly content: DeliveryContent,
    private readonly courier: CourierAdapter | null,
    /** Checked in order (the instance's memory, then the database); an answer is written to all. */
    private readonly caches: readonly ServiceabilityCache[],
  ) {}

  /** Throws ServiceabilityUnavailable when the provider cannot answer; every other outcome is a check. */
  async check(pin: string, now: Date): Promise<PinCodeCheck> {
    const own = checkPinCode(pin, this.content, now);
    const parsed = pinCodeSchema.safeParse(pin);
    if (own.serviceable || !parsed.success || !this.courier) return own;
    const pinCode = parsed.data;
    const day = indiaDate(now);
    const couriers = await this.couriersFor(pinCode, day);
    const rule = courierRuleOf(this.content);
    const chosen = chooseCourier(couriers, rule);
    if (!chosen) return { serviceable: false, message: deliveryStrings.notServiceable(pinCode) };
    const codAllowed = chooseCourier(couriers, rule, { cod: true }) !== null;
    const promisedDate = courierPromisedDate(day, this.content.courier.packingBusinessDays, chosen.etaDays, this.content.nonDeliveryDates);
    return {
      serviceable: true,
      pinCode,
      zone: { provider: this.courier.provider, id: this.courier.provider, name: 'Courier', codAllowed, courier: chosen },
      promisedDate,
      codAllowed,
      message: deliveryBySentence(promisedDate),
    };
  }

  private async couriersFor(pinCode: string, day: string): Promise<CourierQuote[]> {
    for (const cache of this.caches) {
      const cached = await cache.get(pinCode, day).catch((error: unknown) => {
        console.error(`[shipping] serviceability cache read for ${pinCode} failed:`, error);
        return undefined;
      });
      if (cached) return cached;
    }
    const key = `${day}:${pinCode}`;
    const pending = this.asking.get(key);
    if (pending) return pending;
    const asked = this.ask(pinCode, day).finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }

  private async ask(pinCode: string, day: string): Promise<CourierQuote[]> {
    let couriers: CourierQuote[];
    try {
      couriers = await this.courier!.serviceability({ pinCode, weightGrams: this.content.courier.parcelGrams, cod: false });
    } catch (error) {
      console.error(`[shipping] serviceability of ${pinCode} not known:`, error);
      throw new ServiceabilityUnavailable(unavailableSentence(pinCode));
    }
    // A cache that cannot be written costs only a later call, never this answer.
    await Promise.all(this.caches.map((cache) => cache.put(pinCode, day, couriers).catch((error: unknown) => console.error(`[shipping] serviceability cache write for ${pinCode} failed:`, error))));
    return couriers;
  }
}
