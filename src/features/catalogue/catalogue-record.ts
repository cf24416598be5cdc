import { z } from 'zod';
import { FOR_SALE_STATES } from '../../domain/sale-state';
import { DRUG_SCHEDULES, GST_RATES_TEXT, HSN_CODE } from '../../domain/drug-tax';

/**
 * A catalogue record as content editors and upstream feeds deliver it. The feed is messy on
 * purpose: lists arrive as real arrays or as text, booleans as booleans or as text. Every messy
 * field is normalised here, once, so nothing downstream has to care.
 */

const TRUE_TEXT = new Set(['true', 'yes', '1', 'y']);
const FALSE_TEXT = new Set(['false', 'no', '0', 'n', '']);

/** true/false, or the same as text ("true", "False", "yes", "0"). */
export const flexibleBoolean = z.union([
  z.boolean(),
  z.string().transform((text, ctx) => {
    const value = text.trim().toLowerCase();
    if (TRUE_TEXT.has(value)) return true;
    if (FALSE_TEXT.has(value)) return false;
    ctx.addIssue({ code: 'custom', message: `expected a boolean or boolean text, got "${text}"` });
    return z.NEVER;
  }),
]);

/** Splits list text: a JSON array in a string, or items separated by newlines, '|' or ';'. */
export function parseListText(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed)) throw new Error('list text is not a JSON array');
    return parsed;
  }
  return trimmed
    .split(/\r?\n|\||;/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** A list given as an array, or as text (see parseListText); null means empty. */
export function flexibleList<T extends z.ZodType>(item: T) {
  return z.preprocess((value, ctx) => {
    if (value === null || value === undefined) return [];
    if (typeof value !== 'string') return value;
    try {
      return parseListText(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `list text could not be read: ${(error as Error).message}` });
      return z.NEVER;
    }
  }, z.array(item));
}

/** A decimal amount of rupees as text ("120.50") or as a number. */
export const decimalText = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const amount = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(amount) || amount < 0 || (typeof value === 'string' && value.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: `expected a non-negative decimal amount, got "${value}"` });
    return z.NEVER;
  }
  return amount;
});

export const SEVERITIES = [
  'SAFE',
  'SAFE IF PRESCRIBED',
  'CAUTION',
  'CONSULT YOUR DOCTOR',
  'UNSAFE',
  'NOT RELEVANT',
  '',
] as const;

export const SAFETY_TOPICS = ['Alcohol', 'Pregnancy', 'Breast feeding', 'Driving', 'Kidney', 'Liver'] as const;

export const safetyAdviceSchema = z.object({
  name: z.string().min(1),
  severity: z.enum(SEVERITIES),
  description: z.string(),
});

export const faqSchema = z.object({ question: z.string().min(1), answer: z.string().min(1) });


const nullableText = z.string().nullable();

export const upmProductDetailsSchema = z.object({
  faq: flexibleList(faqSchema),
  mrp: z.number().nonnegative().nullable().optional(),
  url: z.string().nullable(),
  form: z.string().min(1),
  uses: flexibleList(z.string().min(1)),
  primary_use: flexibleList(z.string().min(1)),
  stock: z.enum(['In Stock', 'Out of Stock']),
  for_sale: z.enum(FOR_SALE_STATES),
  images: flexibleList(z.string().min(1)),
  package: z.enum(['Strip', 'Bottle', 'Tube']),
  storage: z.string().min(1),
  fact_box: z.object({
    chemical_class: nullableText,
    habit_forming: z.union([flexibleBoolean, z.literal('NA')]).nullable(),
    therapeutic_class: z.string().min(1),
    action_class: nullableText.optional(),
  }),
  marketer: nullableText,
  marketer_address: nullableText,
  categories: z.object({
    otc_category_ids: flexibleList(z.union([z.string(), z.number()])),
    health_condition_ids: flexibleList(z.union([z.string(), z.number()])),
  }),
  description: z.string().min(1),
  how_it_works: nullableText,
  side_effects: nullableText,
  missed_dosage: nullableText,
  safety_advise: flexibleList(safetyAdviceSchema),
  alcohol_interaction: nullableText,
  pregnancy_interaction: nullableText,
  lactation_interaction: nullableText,
  driving_interaction: nullableText,
  kidney_interaction: nullableText,
  liver_interaction: nullableText,
  prescription_required: flexibleBoolean,
});

export const catalogueRecordSchema = z.object({
  id: z.number().int().positive(),
  old_id: z.uuid(),
  code: z.string().min(1),
  created_at: z.string().min(1),
  updated_at: z.string().min(1),
  upm_product_id: z.union([z.string(), z.number()]).nullable(),
  ref_id: z.union([z.string(), z.number()]).nullable(),
  tp_id: z.union([z.string(), z.number()]).nullable(),
  tp_name: nullableText,
  mb_code: nullableText,
  marketer_id: z.union([z.string(), z.number()]).nullable(),
  entity_id: z.null(),
  product_name: z.string().trim().min(1),
  company_name: z.string().trim().min(1),
  thumbnail_url: nullableText,
  form: z.string().min(1),
  packing: z.union([z.string(), z.number()]),
  packing_information: z.string().min(1),
  category: nullableText,
  sub_category: nullableText,
  medicine_type: z.string().min(1),
  mrp: decimalText,
  current_price: decimalText,
  prescription_required: flexibleBoolean,
  out_of_stock: flexibleBoolean,
  discontinued: flexibleBoolean,
  banned_for_sale: flexibleBoolean,
  not_for_sale: flexibleBoolean,
  cod_available: flexibleBoolean,
  is_drug: flexibleBoolean,
  is_otc: flexibleBoolean,
  is_active: flexibleBoolean,
  expiry_days: z.number().int().positive(),
  salt_composition: z.string().min(1),
  country_of_origin: z.string().min(1),
  upm_product_details: upmProductDetailsSchema,
  // What the tax invoice and the Schedule H1 register need (issue 23). A record from before them may
  // lack them unless it is a prescription product: its invoice line could not be written.
  hsn_code: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().regex(HSN_CODE, 'an HSN code is 4, 6 or 8 digits, like 30049099')).optional(),
  gst_rate: z.union([z.number(), z.string()]).transform((rate) => String(rate).trim()).pipe(z.enum(GST_RATES_TEXT, { error: `a GST rate is one of ${GST_RATES_TEXT.join(', ')} (percent)` })).transform(Number).optional(),
  schedule: z.enum(DRUG_SCHEDULES, { error: `schedule is one of ${DRUG_SCHEDULES.join(', ')}` }).optional(),
}).superRefine((record, ctx) => {
  if (!record.prescription_required && !record.upm_product_details.prescription_required) return;
  for (const field of ['hsn_code', 'gst_rate', 'schedule'] as const) {
    if (record[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `a prescription product needs its ${field} (tax invoice and registers)` });
  }
  if (record.schedule === 'OTC') ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'a prescription product is Schedule H, H1 or X, not OTC' });
});

export type CatalogueRecordInput = z.input<typeof catalogueRecordSchema>;
export type CatalogueRecord = z.output<typeof catalogueRecordSchema>;
