import { DEFAULT_LANGUAGE } from '../language';
import { fill } from './fill';
import type { Language } from './table';

/**
 * The mails Supabase Auth sends itself, made from the strings tables (authMails) as Go templates, one
 * per kind holding every language: GoTrue renders a template's subject and body with `.Data`, the
 * user's user_metadata, so `{{ if eq .Data.language "hi" }}` picks the customer's words and a user
 * with no language (or one the shop does not write) reads English. scripts/auth-mail-templates.ts
 * writes them to supabase/templates/ and supabase/config.toml; auth-mails.test.ts fails when those
 * differ from what the tables give.
 */
export const AUTH_MAIL_KINDS = ['confirmation', 'recovery', 'email_change'] as const;
export type AuthMailKind = (typeof AUTH_MAIL_KINDS)[number];

export type AuthMailTemplate = { kind: AuthMailKind; subject: string; contentPath: string; html: string };

/** Where a kind's body lives, relative to the repository, as config.toml's content_path names it. */
export const authMailContentPath = (kind: AuthMailKind) => `./supabase/templates/${kind}.html`;

/** The table's `{values}` as GoTrue's variables: the old and the new address of an email change. */
const GOTRUE_VALUES = { email: '{{ .Email }}', newEmail: '{{ .NewEmail }}' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;' };

function plain(text: string, where: string): string {
  if (text.includes('{{') || text.includes('}}') || /[\r\n]/.test(text)) throw new Error(`${where}: a mail's words may not hold '{{', '}}' or a line break`);
  return text;
}
const html = (text: string, where: string) => plain(text, where).replace(/[&<>"]/g, (character) => HTML_ESCAPES[character]!);

/** One text per language: the default language's in the else branch, every other in code order before it. */
function byLanguage(languages: readonly Language[], write: (language: Language) => string): string {
  const english = languages.find((language) => language.settings.code === DEFAULT_LANGUAGE);
  if (!english) throw new Error(`No table for the default language '${DEFAULT_LANGUAGE}'`);
  const others = languages.filter((language) => language !== english).sort((a, b) => a.settings.code.localeCompare(b.settings.code));
  if (others.length === 0) return write(english);
  const branches = others.map((language, index) => `{{ ${index === 0 ? 'if' : 'else if'} eq .Data.language "${language.settings.code}" }}${write(language)}`);
  return `${branches.join('')}{{ else }}${write(english)}{{ end }}`;
}

const HEADER = '{{/* Made by scripts/auth-mail-templates.ts from the strings tables (authMails in src/domain/strings/): edit the tables, then run it. */}}';

export function authMailTemplates(languages: readonly Language[]): AuthMailTemplate[] {
  return AUTH_MAIL_KINDS.map((kind) => {
    const where = (language: Language, key: string) => `${language.settings.code} authMails.${kind}.${key}`;
    const subject = byLanguage(languages, (language) => plain(language.text.authMails[kind].subject, where(language, 'subject')));
    const body = byLanguage(languages, (language) => {
      const words = language.text.authMails[kind];
      return `
<div lang="${language.settings.htmlLang}">
  <h2>${html(words.heading, where(language, 'heading'))}</h2>
  <p>${fill(html(words.lead, where(language, 'lead')), GOTRUE_VALUES)}</p>
  <p><a href="{{ .ConfirmationURL }}">${html(words.link, where(language, 'link'))}</a></p>
</div>
`;
    });
    return { kind, subject, contentPath: authMailContentPath(kind), html: `${HEADER}\n${body}\n` };
  });
}
