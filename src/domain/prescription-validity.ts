import { z } from 'zod';
import type { DrugSchedule } from './drug-tax';

/**
 * How many months a prescription the pharmacist accepted on an order still counts for a reorder of
 * the same medicine, by drug schedule (content/pharmacy/prescription-validity.json, the store's
 * rule). Schedule H1 and X are never reordered on an old prescription: the law asks for a fresh one
 * (H1 goes to the register with each supply; X is not sold online at all).
 */
export const prescriptionValiditySchema = z.strictObject({
  H: z.number().int().min(0).max(24),
  H1: z.literal(0, { error: 'Schedule H1 medicines need a fresh prescription: H1 must be 0' }),
  X: z.literal(0, { error: 'Schedule X medicines need a fresh prescription: X must be 0' }),
});
export type PrescriptionValidity = z.infer<typeof prescriptionValiditySchema>;

/** The day after which a prescription given on `givenOn` no longer counts; null when it never counts again. */
export function prescriptionValidUntil(rule: PrescriptionValidity, schedule: DrugSchedule, givenOn: Date): Date | null {
  if (schedule === 'OTC') return null;
  const months = rule[schedule];
  if (months === 0) return null;
  const until = new Date(givenOn);
  until.setUTCMonth(until.getUTCMonth() + months);
  return until;
}

/** True when a prescription given on `givenOn` still counts on `today` for a medicine of this schedule. */
export function prescriptionStillValid(rule: PrescriptionValidity, schedule: DrugSchedule, givenOn: Date, today: Date): boolean {
  const until = prescriptionValidUntil(rule, schedule, givenOn);
  return until !== null && today.getTime() <= until.getTime();
}
