import { z } from 'zod';
import { DRUG_SCHEDULES, type DrugTaxFacts } from './drug-tax';
import { GST_RATES, type GstRate } from './gst';
import type { PriceIndexEntry } from './product';

/**
 * The build writes what the payment functions look up by product id (prices) as
 * small files, each holding the products whose id falls in it: a function reads the one or two it
 * needs per request instead of bundling and parsing the whole catalogue at cold start (at 100,000
 * products that was a 14 MB bundle per function and ~55 s of bundling when the local server starts).
 */
export const CATALOGUE_SHARD_COUNT = 256;

/** Where the shards live, relative to the project root (and, deployed, to the function's root). */
export const CATALOGUE_SHARDS_DIR = '.generated/catalogue';

/**
 * The share-card shards sit beside the others, not under them: only the share-image function ships
 * them (netlify.toml), so the payment functions' bundles do not grow by their ~17 MB at 100,000 products.
 */
export const SHARE_CARD_SHARDS_DIR = '.generated/share-cards';

export type CatalogueShardKind = 'prices' | 'drug-tax' | 'reorder' | 'share-cards';

export function catalogueShardOf(id: number): number {
  return id % CATALOGUE_SHARD_COUNT;
}

export function catalogueShardDir(kind: CatalogueShardKind): string {
  return kind === 'share-cards' ? SHARE_CARD_SHARDS_DIR : `${CATALOGUE_SHARDS_DIR}/${kind}`;
}

export function catalogueShardFile(kind: CatalogueShardKind, shard: number): string {
  return `${catalogueShardDir(kind)}/${shard}.json`;
}

/** Groups rows by their product's shard; only shards that hold a product get a file. */
export function catalogueShards<T>(rows: readonly T[], idOf: (row: T) => number): Map<number, T[]> {
  const shards = new Map<number, T[]>();
  for (const row of rows) {
    const shard = catalogueShardOf(idOf(row));
    const members = shards.get(shard);
    if (members) members.push(row);
    else shards.set(shard, [row]);
  }
  return shards;
}

/**
 * One product's price row in a prices shard: id, name, MRP and current price in paise (null when none),
 * prescription needed (1/0), cash on delivery (1/0), sale state. A list rather than an object keeps
 * 100,000 rows at ~6 MB rather than ~13 MB.
 */
export type PriceRow = [id: number, name: string, mrp: number, currentPrice: number | null, prescription: 0 | 1, cod: 0 | 1, saleState: PriceIndexEntry['sale_state']];

export function toPriceRow(entry: Omit<PriceIndexEntry, 'current_price_paise'> & { current_price_paise?: number | undefined }): PriceRow {
  return [entry.id, entry.name, entry.mrp_paise, entry.current_price_paise ?? null, entry.requires_prescription ? 1 : 0, entry.cod_available ? 1 : 0, entry.sale_state];
}


/**
 * One product's row in a drug-tax shard (what the desk's dispatch prints on the tax invoice and
 * writes to the Schedule H1 register): id, schedule, HSN code and GST rate (null when the record
 * gives none, which only an over-the-counter product may).
 */
export type DrugTaxRow = [id: number, schedule: DrugTaxFacts['schedule'], hsnCode: string | null, gstRate: GstRate | null];

export function toDrugTaxRow(id: number, facts: DrugTaxFacts): DrugTaxRow {
  return [id, facts.schedule, facts.hsnCode, facts.gstRate];
}

const drugTaxShardSchema = z.array(
  z.tuple([z.number().int().positive(), z.enum(DRUG_SCHEDULES), z.string().nullable(), z.union(GST_RATES.map((rate) => z.literal(rate))).nullable()]),
);

/** Reads a drug-tax shard back; a stale or hand-edited file fails loudly. */
export function readDrugTaxRows(json: unknown): Map<number, DrugTaxFacts> {
  return new Map(drugTaxShardSchema.parse(json).map(([id, schedule, hsnCode, gstRate]) => [id, { schedule, hsnCode, gstRate }]));
}

/**
 * One product's row in a reorder shard (what Reorder and refill reminders need beyond the price):
 * units in a pack when the pack is a count of doses (tablets, capsules; null for ml, gm or unknown),
 * and its substitute of the same salt and form (id, name, path): for a product not on sale one that
 * is; for one on sale, one of the same pack that costs less (reorder-rows.ts in the catalogue).
 */
export type ReorderRow = [id: number, packUnits: number | null, substituteId: number | null, substituteName: string | null, substitutePath: string | null];

export interface ReorderFacts {
  packUnits: number | null;
  substitute: { id: number; name: string; path: string } | null;
}

const reorderShardSchema = z.array(
  z.tuple([z.number().int().positive(), z.number().int().min(1).max(1000).nullable(), z.number().int().positive().nullable(), z.string().nullable(), z.string().nullable()]),
);

/** Reads a reorder shard back; a stale or hand-edited file fails loudly. */
export function readReorderRows(json: unknown): Map<number, ReorderFacts> {
  return new Map(
    reorderShardSchema.parse(json).map(([id, packUnits, substituteId, name, path]) => [
      id,
      { packUnits, substitute: substituteId !== null && name !== null && path !== null ? { id: substituteId, name, path } : null },
    ]),
  );
}

/**
 * What a product's share image shows (src/features/share-images): name, pack, maker, category,
 * prescription needed, MRP and selling price in paise, and the picture's site path.
 */
export interface ShareCardFacts {
  id: number;
  name: string;
  pack: string;
  marketer: string;
  category: string;
  requiresPrescription: boolean;
  mrpPaise: number;
  sellingPaise: number;
  picture: string;
}

/** One product's row in a share-cards shard: the facts above as a list (a third of the bytes of objects). */
export type ShareCardRow = [id: number, name: string, pack: string, marketer: string, category: string, prescription: 0 | 1, mrp: number, selling: number, picture: string];

export function toShareCardRow(facts: ShareCardFacts): ShareCardRow {
  return [facts.id, facts.name, facts.pack, facts.marketer, facts.category, facts.requiresPrescription ? 1 : 0, facts.mrpPaise, facts.sellingPaise, facts.picture];
}

const paise = z.number().int().nonnegative();
const shareCardShardSchema = z.array(
  z.tuple([z.number().int().positive(), z.string().min(1), z.string(), z.string(), z.string(), z.union([z.literal(0), z.literal(1)]), paise, paise, z.string().min(1)]),
);

/** Reads a share-cards shard back; a stale or hand-edited file fails loudly. */
export function readShareCardRows(json: unknown): Map<number, ShareCardFacts> {
  return new Map(
    shareCardShardSchema
      .parse(json)
      .map(([id, name, pack, marketer, category, prescription, mrpPaise, sellingPaise, picture]) => [
        id,
        { id, name, pack, marketer, category, requiresPrescription: prescription === 1, mrpPaise, sellingPaise, picture },
      ]),
  );
}
