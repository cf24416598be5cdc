/**
 * `npm run check:content`: everything a content editor changes, checked before publishing: the
 * catalogue (as check:catalogue) and the policy pages' front matter, with the file and line of each
 * problem. Exits 1 when the build would fail; the build itself runs the same schemas.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import { CATALOGUE_DIRECTORY } from '../src/features/catalogue/catalogue-directory.ts';
import { frontMatterProblems, policyFrontMatterSchema } from '../src/lib/policy-front-matter.ts';
import { checkCatalogue, formatCatalogueReport, type Finding } from './check-catalogue.ts';
import { translatedLanguageCodes } from '../src/lib/language-files.ts';

export const POLICIES_DIRECTORY = 'content/policies';

/** `file:line` of each problem in the policies' front matter. */
export async function checkPolicies(directory = POLICIES_DIRECTORY): Promise<Finding[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.md')).sort();
  const problems: Finding[] = [];
  const orderOwners = new Map<number, string>();
  for (const file of files) {
    const source = path.join(directory, file);
    const text = await readFile(source, 'utf8');
    const opening = /^---\r?\n/.exec(text);
    const closing = opening ? /^---\s*$/m.exec(text.slice(opening[0].length)) : null;
    if (!opening || !closing) {
      problems.push({ file: `${source}:1`, message: 'the page must start with front matter between two lines of "---"' });
      continue;
    }
    const lines = new LineCounter();
    const document = parseDocument(text.slice(opening[0].length, opening[0].length + closing.index), { lineCounter: lines });
    // Line 1 of the file is the opening "---".
    const lineOf = (offset: number) => lines.linePos(offset).line + 1;
    if (document.errors.length > 0) {
      for (const error of document.errors) problems.push({ file: `${source}:${lineOf(error.pos[0])}`, message: `front matter is not valid YAML: ${error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}` });
      continue;
    }
    const lineOfField = (field: PropertyKey | undefined) => {
      const contents = document.contents;
      const pair = isMap(contents) ? contents.items.find((item) => isScalar(item.key) && item.key.value === field) : undefined;
      return pair && isScalar(pair.key) && pair.key.range ? lineOf(pair.key.range[0]) : 1;
    };
    const parsed = policyFrontMatterSchema.safeParse(document.toJS());
    if (!parsed.success) {
      for (const { field, message } of frontMatterProblems(parsed.error.issues)) problems.push({ file: `${source}:${field === undefined ? 2 : lineOfField(field)}`, message });
      continue;
    }
    const owner = orderOwners.get(parsed.data.order);
    if (owner) problems.push({ file: `${source}:${lineOfField('order')}`, message: `order ${parsed.data.order} is already used by ${owner}: each footer link needs its own place` });
    orderOwners.set(parsed.data.order, source);
  }
  return problems;
}

/**
 * The policy pages a language has no translation of yet (content/policies/<code>/<name>.md missing):
 * those pages show the English text with a line saying so. A list to work through, not an error.
 */
export async function missingTranslations(directory = POLICIES_DIRECTORY, languages: readonly string[] = translatedLanguageCodes()): Promise<string[]> {
  const english = (await readdir(directory)).filter((file) => file.endsWith('.md')).sort();
  const missing: string[] = [];
  for (const code of languages) {
    const translated = new Set(await readdir(path.join(directory, code)).catch(() => [] as string[]));
    for (const file of english) if (!translated.has(file)) missing.push(path.join(directory, code, file));
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const catalogue = await checkCatalogue(CATALOGUE_DIRECTORY);
    console.log(formatCatalogueReport(CATALOGUE_DIRECTORY, catalogue));
    const policies = [
      ...(await checkPolicies()),
      ...(await Promise.all(translatedLanguageCodes().map((code) => checkPolicies(path.join(POLICIES_DIRECTORY, code)).catch(() => [])))).flat(),
    ];
    for (const problem of policies) console.log(`ERROR ${problem.file}\n  ${problem.message}`);
    console.log(policies.length > 0 ? `${policies.length} problem(s) in the policy pages in ${POLICIES_DIRECTORY}: fix them before publishing.` : `Policy pages valid in ${POLICIES_DIRECTORY}.`);
    const missing = await missingTranslations();
    for (const file of missing) console.log(`MISSING TRANSLATION ${file} (the page shows its English text, saying so)`);
    if (missing.length > 0) console.log(`${missing.length} policy translation(s) missing.`);
    process.exit(catalogue.errors.length + policies.length > 0 ? 1 : 0);
  } catch (error) {
    console.error(`Could not check the content: ${(error as Error).message}`);
    process.exit(1);
  }
}
