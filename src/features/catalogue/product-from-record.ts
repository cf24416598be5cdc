import { type CatalogueRecord, catalogueRecordSchema } from './catalogue-record';
import { DEFAULT_PRODUCT_IMAGE, type InteractionRating, type Product, productSlug } from '../../domain/product';
import { FULL_PRODUCT, productProblem } from '../../domain/product-schema';
import type { SaleState } from '../../domain/sale-state';
import { type DrugTaxFacts, mayBeSoldOnline } from '../../domain/drug-tax';
import type { GstRate } from '../../domain/gst';
import { paiseFromRupees } from '../../domain/money';

/** The record's interaction ratings under the names the product page shows them. */
const INTERACTION_FIELDS = [
  ['Alcohol', 'alcohol_interaction'],
  ['Pregnancy', 'pregnancy_interaction'],
  ['Breast feeding', 'lactation_interaction'],
  ['Driving', 'driving_interaction'],
  ['Kidney', 'kidney_interaction'],
  ['Liver', 'liver_interaction'],
] as const;

function interactionsOf(details: CatalogueRecord['upm_product_details']): InteractionRating[] {
  return INTERACTION_FIELDS.map(([topic, field]) => ({ topic, severity: details[field]?.trim() ?? '' })).filter(
    (rating) => rating.severity !== '',
  );
}

function saleStateOf(record: CatalogueRecord): SaleState {
  if (record.discontinued || record.upm_product_details.for_sale === 'DISCONTINUED') return 'DISCONTINUED';
  if (
    record.out_of_stock ||
    record.banned_for_sale ||
    record.not_for_sale ||
    !mayBeSoldOnline(record.schedule ?? 'OTC') ||
    !record.is_active ||
    record.upm_product_details.for_sale === 'SOLD OUT' ||
    record.upm_product_details.stock === 'Out of Stock'
  ) {
    return 'SOLD OUT';
  }
  return 'ADD TO CART';
}

/** "20" or 20 is a count of units; "75 gm" an amount of a measure. */
function packSizeOf(packing: string | number, form: string): Product['pack_size'] {
  if (typeof packing === 'number') return packing > 0 ? { amount: packing, unit: form.toLowerCase() } : null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(packing);
  if (!match || Number(match[1]) <= 0) return null;
  return { amount: Number(match[1]), unit: match[2]?.toLowerCase() || form.toLowerCase() };
}

/** The record's schedule, HSN code and GST rate (the schema makes a prescription product give all three). */
export function drugTaxFacts(record: CatalogueRecord): DrugTaxFacts {
  return { schedule: record.schedule ?? 'OTC', hsnCode: record.hsn_code ?? null, gstRate: (record.gst_rate as GstRate | undefined) ?? null };
}

// Each built product's drug tax facts, beside the product rather than in it: only the build's
// shard writer and the desk's pages read them (productDrugTax). Kept on globalThis like the
// catalogue itself (catalogue.ts): the pages' bundled copy of this module reads what the build
// integration's copy built.
const DRUG_TAX_KEY = Symbol.for('medikart.catalogue.drug-tax');
const sharedGlobal = globalThis as typeof globalThis & { [DRUG_TAX_KEY]?: WeakMap<Product, DrugTaxFacts> };
const drugTaxOfProduct = (sharedGlobal[DRUG_TAX_KEY] ??= new WeakMap<Product, DrugTaxFacts>());

/** The schedule, HSN code and GST rate of a product this module built. */
export function productDrugTax(product: Product): DrugTaxFacts {
  const facts = drugTaxOfProduct.get(product);
  if (!facts) throw new Error(`product ${product.id} was not built from a catalogue record`);
  return facts;
}

/** A record's rupees as paise: the one conversion of a catalogue price (a value that is not whole paise is refused, never rounded). */
function paiseOf(rupees: number, field: string): number {
  const paise = paiseFromRupees(rupees);
  if (paise === null) throw new CatalogueRecordError(`${field}: ${rupees} is not a whole number of paise`);
  return paise;
}

export function toProduct(record: CatalogueRecord): Product {
  const details = record.upm_product_details;
  const mrp = typeof details.mrp === 'number' ? paiseOf(details.mrp, 'upm_product_details.mrp') : paiseOf(record.mrp, 'mrp');
  const thumbnail = record.thumbnail_url ?? details.images[0] ?? DEFAULT_PRODUCT_IMAGE;
  return {
    id: record.id,
    name: record.product_name,
    slug: productSlug(record.product_name),
    drug_form: details.form || record.form,
    pack_form: record.form,
    brand: record.company_name,
    salt: record.salt_composition,
    mrp_paise: mrp,
    current_price_paise: paiseOf(record.current_price, 'current_price'),
    created_at: record.created_at,
    thumbnail_image: thumbnail,
    package: details.package,
    description: details.description,
    category: record.category ?? record.medicine_type,
    quantity: record.packing_information,
    pack_size: packSizeOf(record.packing, details.form || record.form),
    marketer: details.marketer ?? record.company_name,
    marketer_address: details.marketer_address,
    how_it_works: details.how_it_works,
    primary_uses: details.primary_use,
    uses: details.uses,
    images: details.images.length > 0 ? details.images : [thumbnail],
    precautions: details.safety_advise,
    side_effects: details.side_effects,
    missed_dosage: details.missed_dosage,
    storage: details.storage,
    requires_prescription: record.prescription_required || details.prescription_required,
    therapeutic_class: details.fact_box.therapeutic_class,
    chemical_class: details.fact_box.chemical_class?.trim() || null,
    habit_forming: typeof details.fact_box.habit_forming === 'boolean' ? details.fact_box.habit_forming : null,
    interactions: interactionsOf(details),
    country_of_origin: record.country_of_origin,
    cod_available: record.cod_available,
    faq: details.faq,
    sale_state: saleStateOf(record),
  };
}

export class CatalogueRecordError extends Error {}

/** Validates one raw record; the error names the source file and every offending field. */
export function buildProduct(raw: unknown, source: string): Product {
  const parsed = catalogueRecordSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`)
      .join('; ');
    throw new CatalogueRecordError(`Catalogue record ${source} is malformed: ${problems}`);
  }
  let product: Product;
  try {
    product = toProduct(parsed.data);
  } catch (error) {
    if (error instanceof CatalogueRecordError) throw new CatalogueRecordError(`Catalogue record ${source} is malformed: ${error.message}`);
    throw error;
  }
  // The builder answers to the one product schema every reader derives from.
  const problem = productProblem(product, FULL_PRODUCT);
  if (problem) throw new CatalogueRecordError(`Catalogue record ${source} makes a product the shop cannot read: ${problem}`);
  drugTaxOfProduct.set(product, drugTaxFacts(parsed.data));
  return product;
}

/** Builds the whole catalogue; duplicate ids or slugs fail with both sources named. */
/**
 * The same text held once: a feed repeats a salt's description, uses, side effects, FAQ and safety
 * advice on every brand of it, and each record's JSON.parse made its own copy. The build holds the
 * whole catalogue while it renders every page, and the size of what it holds is what each full
 * garbage collection walks (at 100,000 products most of the build's time went there).
 */
function shareText<T>(value: T, pool: Map<string, string>): T {
  if (typeof value === 'string') {
    const kept = pool.get(value);
    if (kept !== undefined) return kept as T;
    pool.set(value, value);
    return value;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = shareText(value[index], pool);
    return value;
  }
  if (typeof value === 'object' && value !== null) {
    const fields = value as Record<string, unknown>;
    for (const key of Object.keys(fields)) fields[key] = shareText(fields[key], pool);
  }
  return value;
}

export function buildCatalogue(entries: Iterable<{ source: string; raw: unknown }>): Product[] {
  const products: Product[] = [];
  const byId = new Map<number, string>();
  const bySlug = new Map<string, string>();
  const texts = new Map<string, string>();
  for (const { source, raw } of entries) {
    const product = shareText(buildProduct(raw, source), texts);
    const idOwner = byId.get(product.id);
    if (idOwner) throw new CatalogueRecordError(`Catalogue record ${source} reuses id ${product.id} of ${idOwner}`);
    const slugOwner = bySlug.get(product.slug);
    if (slugOwner) throw new CatalogueRecordError(`Catalogue record ${source} reuses slug "${product.slug}" of ${slugOwner}`);
    byId.set(product.id, source);
    bySlug.set(product.slug, source);
    products.push(product);
  }
  return products;
}
