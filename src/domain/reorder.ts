import { z } from 'zod';
import { reorder } from './strings/english/reorder';
import { fill } from './strings/format';
import type { StringTable } from './strings/table';
import type { DrugSchedule } from './drug-tax';
import type { OrderLine } from './order-line';
import { prescriptionStillValid, type PrescriptionValidity } from './prescription-validity';
import type { SaleState } from './sale-state';

/**
 * Reorder in one tap: a past order's lines, checked against today's catalogue. Lines still sold go
 * into the cart at today's price; each line that is not gets a sentence (with its substitute, when
 * one with the same salt is sold); a prescription line keeps the earlier prescription only while
 * the store's rule says it is valid (prescription-validity.ts), else the cart asks for one again.
 */

/** What the catalogue says today about one past line's product; absent when it left the catalogue. */
export interface ReorderCatalogueFacts {
  saleState: SaleState;
  requiresPrescription: boolean;
  schedule: DrugSchedule;
  /** The cheapest sold product of the same salt and form, when the product itself is not sold. */
  substitute: ReorderSubstitute | null;
}

export const reorderSubstituteSchema = z.object({ id: z.number().int().positive(), name: z.string(), path: z.string() });
export type ReorderSubstitute = z.infer<typeof reorderSubstituteSchema>;

export const reorderPlanSchema = z.object({
  orderNumber: z.string(),
  /** Lines to put in the cart: the browser reads each product's price and flags from the catalogue. */
  lines: z.array(
    z.object({
      productId: z.number().int().positive(),
      name: z.string(),
      quantity: z.number().int().min(1).max(20),
      /** The earlier prescription's files, when it still counts; null when none is needed or it must be given again. */
      prescriptionPaths: z.array(z.string()).nullable(),
      prescriptionAgain: z.boolean(),
    }),
  ),
  notSold: z.array(z.object({ name: z.string(), reason: z.enum(['discontinued', 'sold-out']), substitute: reorderSubstituteSchema.nullable() })),
});
export type ReorderPlan = z.infer<typeof reorderPlanSchema>;

export interface ReorderInput {
  orderNumber: string;
  lines: readonly OrderLine[];
  catalogue: ReadonlyMap<number, ReorderCatalogueFacts>;
  /** Line indexes (into lines) the pharmacist rejected: never put back in the cart on the old prescription. */
  rejectedLines: ReadonlySet<number>;
  /** The earlier order's prescription files, if they can be used again by this buyer; given on `prescribedOn`. */
  prescription: { paths: readonly string[]; prescribedOn: Date } | null;
  rule: PrescriptionValidity;
  today: Date;
  /** Only some lines (a refill reminder's): by product id. */
  onlyProducts?: ReadonlySet<number>;
}

export function planReorder(input: ReorderInput): ReorderPlan {
  const plan: ReorderPlan = { orderNumber: input.orderNumber, lines: [], notSold: [] };
  input.lines.forEach((line, index) => {
    if (input.onlyProducts && !input.onlyProducts.has(line.product_id)) return;
    const facts = input.catalogue.get(line.product_id);
    if (!facts || facts.saleState !== 'ADD TO CART') {
      plan.notSold.push({ name: line.name, reason: facts?.saleState === 'SOLD OUT' ? 'sold-out' : 'discontinued', substitute: facts?.substitute ?? null });
      return;
    }
    // One line per product, as the cart keeps it.
    const earlier = plan.lines.find((entry) => entry.productId === line.product_id);
    if (earlier) {
      earlier.quantity = Math.min(20, earlier.quantity + line.quantity);
      return;
    }
    const stillValid =
      facts.requiresPrescription &&
      input.prescription !== null &&
      input.prescription.paths.length > 0 &&
      !input.rejectedLines.has(index) &&
      prescriptionStillValid(input.rule, facts.schedule, input.prescription.prescribedOn, input.today);
    plan.lines.push({
      productId: line.product_id,
      name: line.name,
      quantity: Math.min(20, line.quantity),
      prescriptionPaths: stillValid ? [...input.prescription!.paths] : null,
      prescriptionAgain: facts.requiresPrescription && !stillValid,
    });
  });
  return plan;
}

type ReorderText = StringTable['reorder'];

/** The sentence for a past line that is not going into the cart (in the page's language; English's by default). */
export const notSoldSentenceIn =
  (text: ReorderText) =>
  (line: ReorderPlan['notSold'][number]): string => {
    const why = fill(line.reason === 'sold-out' ? text.outOfStock : text.noLongerSold, { name: line.name });
    return line.substitute ? fill(text.sameSalt, { why, substitute: line.substitute.name }) : why;
  };

/** The same in English (a function of the line alone, so `lines.map(notSoldSentence)` reads right). */
export const notSoldSentence = (line: ReorderPlan['notSold'][number]): string => notSoldSentenceIn(reorder)(line);

/** The sentence for a prescription line whose earlier prescription no longer counts. */
export const prescriptionAgainSentence = (name: string, text: ReorderText = reorder): string => fill(text.prescriptionAgain, { name });

/** The sentence for a prescription line that reuses the earlier prescription. */
export const prescriptionReusedSentence = (name: string, text: ReorderText = reorder): string => fill(text.prescriptionReused, { name });
