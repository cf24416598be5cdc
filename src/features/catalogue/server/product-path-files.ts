import { z } from 'zod';
import { catalogueShardReader } from '../../../lib/catalogue-shard-files';
import type { ProductPathOf } from './product-by-id';

const pathShardSchema = z.array(z.tuple([z.number().int().positive(), z.string().startsWith('/products/')]));

/** Product paths by id from the build's paths shards under `root` (only the shard an id falls in). */
export function productPathFiles(root: string): ProductPathOf {
  const lookup = catalogueShardReader(root, 'paths', (json) => new Map(pathShardSchema.parse(json)));
  return async (id) => (await lookup([id])).get(id);
}
