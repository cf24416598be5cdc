import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { parseTemplate, renderTemplate, TemplateError, type TemplateData } from './go-template';
import { supabaseFolder } from './schema';

/** The mails the emulator's Auth sends (GoTrue's template names): sign-up confirmation, password reset, email change. */
export const SENT_MAIL_KINDS = ['confirmation', 'recovery', 'email_change'] as const;
export type SentMailKind = (typeof SENT_MAIL_KINDS)[number];

const templateSchema = z.object({ subject: z.string().min(1), content_path: z.string().min(1) });
const configSchema = z.object({
  auth: z.object({
    email: z.object({
      template: z.object(Object.fromEntries(SENT_MAIL_KINDS.map((kind) => [kind, templateSchema])) as Record<SentMailKind, typeof templateSchema>),
    }),
  }),
});

export type AuthMail = { subject: string; html: string; text: string };
export type AuthMails = { render(kind: SentMailKind, data: TemplateData): AuthMail };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#34': '"', '#39': "'" };

/**
 * The plain-text part a mail client shows beside the HTML: each link as "label: address" (what the
 * specs and a customer without HTML read), headings and paragraphs as blocks.
 */
export function textOfHtml(html: string): string {
  return `${html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => `${label.trim()}: ${href}`)
    .replace(/<\/(h[1-6]|p|div)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#34|#39);/g, (_, name: string) => ENTITIES[name]!)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

/**
 * Reads supabase/config.toml's [auth.email.template.<kind>] subject and content_path (relative to the
 * repository, as the Supabase CLI reads it) for each mail the emulator sends, and parses them once:
 * a missing section, file or a template the emulator cannot render is an error at start, naming it.
 */
export async function loadAuthMails(configPath = join(supabaseFolder, 'config.toml')): Promise<AuthMails> {
  const parsed = configSchema.safeParse(parseToml(await readFile(configPath, 'utf8')));
  if (!parsed.success) throw new Error(`${configPath}: the Auth mail templates the emulator sends are not all there:\n${z.prettifyError(parsed.error)}`);
  const repository = dirname(dirname(configPath));
  const templates = new Map<SentMailKind, { subject: ReturnType<typeof parseTemplate>; body: ReturnType<typeof parseTemplate>; name: string }>();
  for (const kind of SENT_MAIL_KINDS) {
    const { subject, content_path: contentPath } = parsed.data.auth.email.template[kind];
    const file = isAbsolute(contentPath) ? contentPath : join(repository, contentPath);
    const source = await readFile(file, 'utf8').catch((error: Error) => {
      throw new Error(`[auth.email.template.${kind}] content_path ${contentPath}: ${error.message}`);
    });
    templates.set(kind, { subject: parseTemplate(subject, `[auth.email.template.${kind}] subject`), body: parseTemplate(source, contentPath), name: contentPath });
  }
  return {
    render(kind, data) {
      const template = templates.get(kind)!;
      const subject = renderTemplate(template.subject, data, `[auth.email.template.${kind}] subject`);
      const html = renderTemplate(template.body, data, template.name).trim();
      if (!subject.trim()) throw new TemplateError(`[auth.email.template.${kind}] subject renders empty`);
      return { subject, html, text: textOfHtml(html) };
    },
  };
}
