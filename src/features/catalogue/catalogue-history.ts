import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What Git remembers of one catalogue file: the names it had before, and its content when it was deleted. */
export interface CatalogueFileHistory {
  /** Path of the record file, relative to the catalogue directory. */
  file: string;
  /** Every product name the file had before its current one (or before it was deleted), newest first. */
  earlierNames: string[];
  /** The record as it was just before the file was deleted (newest deletion); absent while the file exists in history's latest state. */
  deletedRecord?: unknown;
}

const NAME_LINE = /"product_name"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/** Reads the patch Git prints for the catalogue's renames and deletions (see readCatalogueHistory). */
export function parseCatalogueLog(patch: string, directoryInRepo: string): CatalogueFileHistory[] {
  const byFile = new Map<string, CatalogueFileHistory>();
  let current: { entry: CatalogueFileHistory; deleted: boolean; removedLines: string[] } | undefined;
  const finish = () => {
    if (!current) return;
    const { entry, deleted, removedLines } = current;
    if (deleted && entry.deletedRecord === undefined) {
      try {
        entry.deletedRecord = JSON.parse(removedLines.join('\n')) as unknown;
      } catch {
        // A file that never held valid JSON was never a product page.
      }
    }
    current = undefined;
  };
  const prefix = directoryInRepo === '' ? '' : `${directoryInRepo}/`;
  for (const line of patch.split('\n')) {
    const header = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (header) {
      finish();
      const file = header[1]!.startsWith(prefix) ? header[1]!.slice(prefix.length) : header[1]!;
      const entry = byFile.get(file) ?? { file, earlierNames: [] };
      byFile.set(file, entry);
      current = { entry, deleted: false, removedLines: [] };
      continue;
    }
    if (!current) continue;
    if (line.startsWith('deleted file mode')) current.deleted = true;
    else if (line.startsWith('-') && !line.startsWith('--- ')) {
      const removed = line.slice(1);
      current.removedLines.push(removed);
      const name = NAME_LINE.exec(removed)?.[1];
      if (name !== undefined) {
        const text = JSON.parse(`"${name}"`) as string;
        if (!current.entry.earlierNames.includes(text)) current.entry.earlierNames.push(text);
      }
    }
  }
  finish();
  return [...byFile.values()].filter((entry) => entry.file.endsWith('.json') && !entry.file.includes('/'));
}

/**
 * The catalogue's renames and removals from Git: every commit that changed a record's product
 * name or deleted a record (file renames count as a deletion and an addition, so a product keeps
 * its old addresses when its file is renamed too). Only those commits' changed lines are read, so
 * the cost grows with the edits, not with the catalogue. No Git, or a directory outside the
 * repository (the bench's generated catalogues), reads as no history.
 */
export async function readCatalogueHistory(directory: string): Promise<CatalogueFileHistory[]> {
  const absolute = path.resolve(directory);
  let root: string;
  try {
    root = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: absolute })).stdout.trim();
  } catch {
    return [];
  }
  const { stdout } = await run(
    'git',
    ['log', '--no-renames', '--diff-filter=MD', '-G"product_name"', '-p', '-U0', '--no-color', '--format=commit %H', '--', '.'],
    { cwd: absolute, maxBuffer: 1024 * 1024 * 1024 },
  );
  return parseCatalogueLog(stdout, path.relative(root, absolute).split(path.sep).join('/'));
}
