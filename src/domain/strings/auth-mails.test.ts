import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { authMailTemplates } from './auth-mails';
import { LANGUAGES } from './registry';
import english from './languages/en';
import hindi from './languages/hi';
import type { Language, StringTable } from './table';

const repository = fileURLToPath(new URL('../../../', import.meta.url));
const templates = authMailTemplates([...LANGUAGES.values()]);

describe("Supabase Auth's own mails, made from the strings tables", () => {
  it.each(templates.map((template) => [template.contentPath, template] as const))('%s is what the tables give (else run npx tsx scripts/auth-mail-templates.ts)', (path, template) => {
    expect(readFileSync(new URL(path, `file://${repository}`), 'utf8')).toBe(template.html);
  });

  it("supabase/config.toml names each kind's subject and template file as the tables give them", () => {
    const config = parseToml(readFileSync(`${repository}supabase/config.toml`, 'utf8')) as { auth: { email: { template: Record<string, { subject: string; content_path: string }> } } };
    expect(config.auth.email.template).toEqual(Object.fromEntries(templates.map((template) => [template.kind, { subject: template.subject, content_path: template.contentPath }])));
  });

  it("picks Hindi by the user's user_metadata.language, English otherwise, with GoTrue's variables in place", () => {
    const change = templates.find((template) => template.kind === 'email_change')!;
    expect(change.subject).toBe(`{{ if eq .Data.language "hi" }}${hindi.text.authMails.email_change.subject}{{ else }}Confirm Email Change{{ end }}`);
    expect(change.html).toContain('<p>Follow this link to confirm the update of your email from {{ .Email }} to {{ .NewEmail }}:</p>');
    expect(change.html).toContain('<p>अपना ईमेल {{ .Email }} से {{ .NewEmail }} में बदलने की पुष्टि के लिए यह लिंक खोलें:</p>');
    expect(change.html.match(/<a href="\{\{ \.ConfirmationURL \}\}">/g)).toHaveLength(2);
  });

  it('a third language is one more branch, before English, and its words are escaped for HTML', () => {
    const kannada: Language = {
      settings: { code: 'kn', name: 'ಕನ್ನಡ', htmlLang: 'kn', locale: 'kn-IN', ogLocale: 'kn_IN' },
      text: { ...english.text, authMails: { ...english.text.authMails, recovery: { ...english.text.authMails.recovery, subject: 'ಪಾಸ್‌ವರ್ಡ್', heading: 'A & <B>' } } } as StringTable,
    };
    const recovery = authMailTemplates([kannada, english, hindi]).find((template) => template.kind === 'recovery')!;
    expect(recovery.subject).toBe(`{{ if eq .Data.language "hi" }}${hindi.text.authMails.recovery.subject}{{ else if eq .Data.language "kn" }}ಪಾಸ್‌ವರ್ಡ್{{ else }}Reset Your Password{{ end }}`);
    expect(recovery.html).toContain('<div lang="kn">\n  <h2>A &amp; &lt;B&gt;</h2>');
  });

  it("refuses words that would be read as template syntax, naming the language and key", () => {
    const broken: Language = { ...hindi, text: { ...hindi.text, authMails: { ...hindi.text.authMails, confirmation: { ...hindi.text.authMails.confirmation, link: '{{ .Token }}' } } } };
    expect(() => authMailTemplates([english, broken])).toThrow("hi authMails.confirmation.link: a mail's words may not hold '{{', '}}' or a line break");
  });
});
