import { z } from 'zod';

/** One campaign touch: the UTM parameters of one landing address (values cut to 100 characters). */
const utmValue = z.string().trim().min(1).max(100);
export const utmTouchSchema = z.object({ source: utmValue.optional(), medium: utmValue.optional(), campaign: utmValue.optional() });
export type UtmTouch = z.output<typeof utmTouchSchema>;

/** The campaign an order came from, first and last touch of the 30 days before it; the browser sends it, the order keeps it. */
export const orderAttributionSchema = z.strictObject({ first: utmTouchSchema, last: utmTouchSchema }, { error: 'attribution must be the first and last campaign touch' });
export type OrderAttribution = z.output<typeof orderAttributionSchema>;

/** The order columns (migration 20261126000700) an attribution fills; none without one. */
export function attributionColumns(attribution: OrderAttribution | null | undefined): Record<`utm_${'first' | 'last'}_${'source' | 'medium' | 'campaign'}`, string | null> {
  return {
    utm_first_source: attribution?.first.source ?? null,
    utm_first_medium: attribution?.first.medium ?? null,
    utm_first_campaign: attribution?.first.campaign ?? null,
    utm_last_source: attribution?.last.source ?? null,
    utm_last_medium: attribution?.last.medium ?? null,
    utm_last_campaign: attribution?.last.campaign ?? null,
  };
}
