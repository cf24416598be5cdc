/**
 * `npx tsx scripts/auth-mail-templates.ts`: writes Supabase Auth's own mails (sign-up confirmation,
 * password reset, email change) from the strings tables: supabase/templates/<kind>.html and each
 * kind's subject and content_path in supabase/config.toml. Run it after a table's authMails change
 * or a language is added; src/domain/strings/auth-mails.test.ts fails until it has been.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authMailTemplates, type AuthMailTemplate } from '../src/domain/strings/auth-mails.ts';
import type { Language } from '../src/domain/strings/table.ts';
import { languageFileCodes } from '../src/lib/language-files.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = path.join(root, 'supabase/config.toml');
export const CONFIG_BEGIN = '# Supabase Auth\'s own mails, in every language the shop writes: made by scripts/auth-mail-templates.ts';
export const CONFIG_END = '# (end of the made part)';

/** The config.toml lines naming each kind's subject and template file (JSON strings are TOML's basic strings). */
export function configBlock(templates: readonly AuthMailTemplate[]): string {
  const sections = templates.map((template) => `[auth.email.template.${template.kind}]\nsubject = ${JSON.stringify(template.subject)}\ncontent_path = ${JSON.stringify(template.contentPath)}\n`);
  return `${CONFIG_BEGIN}\n# from the strings tables (authMails in src/domain/strings/); edit those, then run it.\n${sections.join('\n')}${CONFIG_END}`;
}

async function main() {
  const languages = await Promise.all(
    languageFileCodes().map(async (code) => ((await import(`../src/domain/strings/languages/${code}.ts`)) as { default: Language }).default),
  );
  const templates = authMailTemplates(languages);
  for (const template of templates) await writeFile(path.join(root, template.contentPath), template.html);
  const config = await readFile(CONFIG, 'utf8');
  const begin = config.indexOf(CONFIG_BEGIN);
  const end = config.indexOf(CONFIG_END);
  if (begin === -1 || end < begin) throw new Error(`supabase/config.toml has no block from "${CONFIG_BEGIN}" to "${CONFIG_END}": put those two lines where the templates belong`);
  await writeFile(CONFIG, config.slice(0, begin) + configBlock(templates) + config.slice(end + CONFIG_END.length));
  console.log(`Wrote ${templates.map((template) => template.contentPath).join(', ')} and their subjects in supabase/config.toml`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
