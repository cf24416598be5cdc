import { z } from 'zod';

/** The shape of content/delivery/delivery.json (described for editors in content/delivery/README.md). */

const PIN_CODE = /^[1-9][0-9]{5}$/;

export const pinCodeSchema = z
  .string()
  .trim()
  .regex(PIN_CODE, 'a PIN code is 6 digits and does not start with 0');

/** "560001" or "560001-560110" (both ends included). */
const pinCodeEntrySchema = z
  .string()
  .regex(/^[1-9][0-9]{5}(-[1-9][0-9]{5})?$/, 'expected a PIN code like "560001" or a range like "560001-560110"')
  .transform((entry) => {
    const [first, last = first] = entry.split('-').map(Number) as [number, number?];
    return { first, last, text: entry };
  })
  .refine((range) => range.first <= range.last, { message: 'a range must start with the lower PIN code' });

const calendarDateSchema = z.iso.date('expected a date written YYYY-MM-DD');

const zoneSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'expected lowercase letters and digits joined by dashes, e.g. "bengaluru-central"'),
  name: z.string().trim().min(1, 'a zone needs a name'),
  deliveryBusinessDays: z.int('expected a whole number of business days').min(1).max(30),
  codAllowed: z.boolean('expected true or false'),
  pinCodes: z.array(pinCodeEntrySchema).min(1, 'a zone needs at least one PIN code'),
});

/**
 * PIN codes no zone claims go by courier (when a courier provider is configured): the days the
 * pharmacy takes to pack before the courier's estimate starts, the owner's rule for picking a
 * courier, and the parcel weight the serviceability check quotes for.
 */
const courierSchema = z
  .strictObject({
    packingBusinessDays: z.int('expected a whole number of business days').min(0).max(10).default(1),
    rule: z.enum(['cheapest', 'fastest', 'preferred'], 'expected "cheapest", "fastest" or "preferred"').default('cheapest'),
    preferredCourier: z.string().trim().min(1).max(100).optional(),
    parcelGrams: z.int('expected a whole number of grams').min(50).max(30000).default(500),
  })
  .refine((courier) => courier.rule !== 'preferred' || courier.preferredCourier !== undefined, { message: 'a "preferred" rule needs preferredCourier', path: ['preferredCourier'] });

export const deliveryContentSchema = z
  .strictObject({
    codLimitPaise: z.int('expected a whole number of paise (500000 is ₹5,000)').positive(),
    nonDeliveryDates: z.array(calendarDateSchema).default([]),
    zones: z.array(zoneSchema).min(1, 'at least one zone is needed'),
    courier: courierSchema.default({ packingBusinessDays: 1, rule: 'cheapest', parcelGrams: 500 }),
  })
  .superRefine((content, context) => {
    const seenIds = new Set<string>();
    const claimed: { first: number; last: number; where: string }[] = [];
    content.zones.forEach((zone, zoneIndex) => {
      if (seenIds.has(zone.id)) {
        context.addIssue({ code: 'custom', path: ['zones', zoneIndex, 'id'], message: `zone id "${zone.id}" is used twice` });
      }
      seenIds.add(zone.id);
      zone.pinCodes.forEach((range, pinIndex) => {
        const overlap = claimed.find((other) => range.first <= other.last && other.first <= range.last);
        if (overlap) {
          context.addIssue({
            code: 'custom',
            path: ['zones', zoneIndex, 'pinCodes', pinIndex],
            message: `"${range.text}" overlaps ${overlap.where}: a PIN code belongs to one zone only`,
          });
        }
        claimed.push({ ...range, where: `"${range.text}" of zone ${zone.id}` });
      });
    });
  });

export type DeliveryContent = z.output<typeof deliveryContentSchema>;
export type DeliveryZone = DeliveryContent['zones'][number];
export type CourierSettings = DeliveryContent['courier'];

/** Validates delivery content, naming the file and every faulty field in one message. */
export function parseDeliveryContent(raw: unknown, source: string): DeliveryContent {
  const parsed = deliveryContentSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw new Error(`Delivery content ${source} is invalid:\n  ${problems.join('\n  ')}`);
}
