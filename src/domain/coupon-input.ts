import { z } from 'zod';
import { COUPON_CODE_PATTERN, normaliseCouponCode } from './coupon';

/**
 * POST /api/desk/coupons (marketing only; the caller is checked before the body is read):
 *   {action: 'list'}                 -> 200 {coupons: Coupon-with-uses[], discountPrescriptionMedicines}
 *   {action: 'save', coupon: input}  -> 200 {saved: code} (a new code, or the same code changed)
 * Money in paise, times as instants (the page enters and shows them in India time).
 */
const paise = (name: string) => z.number({ error: `${name} must be a number of paise` }).int(`${name} must be whole paise`);

export const couponInputSchema = z
  .strictObject({
    code: z
      .string({ error: 'Enter a code.' })
      .transform(normaliseCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, 'A code is 3 to 24 letters, digits, - or _, starting with a letter or digit.')),
    description: z.string().trim().max(200, 'Keep the description to 200 characters.').default(''),
    kind: z.enum(['percent', 'flat']),
    percent_off: z.number().int('A percentage is a whole number.').min(1, 'A percentage is 1 to 100.').max(100, 'A percentage is 1 to 100.').nullable().default(null),
    cap_paise: paise('cap_paise').positive('A cap must be more than ₹0.').nullable().default(null),
    flat_paise: paise('flat_paise').positive('A flat discount must be more than ₹0.').nullable().default(null),
    min_order_paise: paise('min_order_paise').nonnegative().default(0),
    starts_at: z.iso.datetime({ offset: true, error: 'Enter when the code starts.' }),
    ends_at: z.iso.datetime({ offset: true, error: 'Enter when the code ends.' }),
    total_uses: z.number().int().positive('Total uses must be at least 1.').nullable().default(null),
    uses_per_customer: z.number().int().positive('Uses per customer must be at least 1.').nullable().default(null),
    first_order_only: z.boolean().default(false),
    applies_to: z.enum(['all', 'products', 'otc']).default('all'),
    product_ids: z.array(z.number().int().positive()).max(200).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((coupon, context) => {
    const problem = (message: string, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
    if (coupon.kind === 'percent' && coupon.percent_off === null) problem('Enter the percentage off.', 'percent_off');
    if (coupon.kind === 'flat' && coupon.flat_paise === null) problem('Enter the rupees off.', 'flat_paise');
    if (Date.parse(coupon.ends_at) <= Date.parse(coupon.starts_at)) problem('The code must end after it starts.', 'ends_at');
    if (coupon.applies_to === 'products' && coupon.product_ids.length === 0) problem('Name at least one product id.', 'product_ids');
  })
  .transform((coupon) =>
    coupon.kind === 'percent' ? { ...coupon, flat_paise: null } : { ...coupon, percent_off: null, cap_paise: null },
  );
export type CouponInput = z.output<typeof couponInputSchema>;

export const couponDeskRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({ action: z.literal('save'), coupon: couponInputSchema }),
]);
export type CouponDeskRequest = z.infer<typeof couponDeskRequestSchema>;
