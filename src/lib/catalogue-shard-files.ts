import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueShardFile, catalogueShardOf, type CatalogueShardKind } from '../domain/catalogue-shards';

/** Where a function finds the build's shards: Lambda's task root when deployed (included_files), the project root locally. */
export function functionRoot(): string {
  return process.env.LAMBDA_TASK_ROOT ?? process.cwd();
}

/**
 * Reads one kind of the build's shards (src/domain/catalogue-shards.ts) under `root` by product id:
 * only the shards asked for, each once per function instance and checked by `parse` when read, so a
 * stale or hand-edited file fails loudly. A shard no product falls in has no file: it reads as empty.
 * A failed read is tried again on the next request rather than remembered.
 */
export function catalogueShardReader<T>(root: string, kind: CatalogueShardKind, parse: (json: unknown) => ReadonlyMap<number, T>) {
  const shards = new Map<number, Promise<ReadonlyMap<number, T>>>();
  const readShard = (shard: number): Promise<ReadonlyMap<number, T>> => {
    let read = shards.get(shard);
    if (!read) {
      read = readFile(path.join(root, catalogueShardFile(kind, shard)), 'utf8').then(
        (text) => parse(JSON.parse(text)),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return new Map<number, T>();
          throw error;
        },
      );
      read.catch(() => shards.delete(shard));
      shards.set(shard, read);
    }
    return read;
  };
  /** The rows of these ids that exist. */
  return async (ids: readonly number[]): Promise<ReadonlyMap<number, T>> => {
    const wanted = [...new Set(ids.map(catalogueShardOf))];
    const read = new Map(await Promise.all(wanted.map(async (shard) => [shard, await readShard(shard)] as const)));
    const found = new Map<number, T>();
    for (const id of ids) {
      const row = read.get(catalogueShardOf(id))?.get(id);
      if (row !== undefined) found.set(id, row);
    }
    return found;
  };
}
