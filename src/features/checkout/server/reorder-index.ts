import { readReorderRows, type ReorderFacts } from '../../../domain/catalogue-shards';
import { catalogueShardReader } from '../../../lib/catalogue-shard-files';

/** The build's reorder shards by product id: doses per pack and the same-salt substitute (src/domain/catalogue-shards.ts). */
export interface ReorderIndex {
  lookup(ids: readonly number[]): Promise<ReadonlyMap<number, ReorderFacts>>;
}

export function reorderIndexFiles(root: string): ReorderIndex {
  return { lookup: catalogueShardReader(root, 'reorder', readReorderRows) };
}

export function inMemoryReorderIndex(facts: ReadonlyMap<number, ReorderFacts>): ReorderIndex {
  return { lookup: async (ids) => new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!] as const] : []))) };
}
