import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAuthMails, textOfHtml, type AuthMails } from './auth-mails';

const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Flocalhost%3A8888%2Faccount';
const data = (metadata: Record<string, unknown>) => ({ ConfirmationURL: link, Email: 'old@example.test', NewEmail: 'new@example.test', Data: metadata });

describe("the emulator's Auth mails, from supabase/config.toml's templates", () => {
  let mails: AuthMails;
  beforeAll(async () => {
    mails = await loadAuthMails();
  });

  it('sends GoTrue\'s English mail to a user with no language, with the link in its text', () => {
    const mail = mails.render('confirmation', data({ full_name: 'Asha' }));
    expect(mail.subject).toBe('Confirm Your Signup');
    expect(mail.text).toBe(`Confirm your signup\n\nFollow this link to confirm your user:\n\nConfirm your mail: ${link}\n`);
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}">Confirm your mail</a>`);
    expect(mails.render('recovery', data({ language: 'ta' })).subject).toBe('Reset Your Password');
  });

  it("writes in Hindi to a user whose user_metadata.language is 'hi'", () => {
    const confirmation = mails.render('confirmation', data({ language: 'hi' }));
    expect(confirmation.subject).toBe('अपने MediKart खाते की पुष्टि करें');
    expect(confirmation.text).toBe(`अपने साइन-अप की पुष्टि करें\n\nअपना खाता चालू करने के लिए यह लिंक खोलें:\n\nईमेल की पुष्टि करें: ${link}\n`);
    expect(confirmation.html).toMatch(/^<div lang="hi">/);
    expect(mails.render('recovery', data({ language: 'hi' })).subject).toBe('अपना पासवर्ड फिर से सेट करें');
    const change = mails.render('email_change', data({ language: 'hi' }));
    expect(change.subject).toBe('ईमेल बदलने की पुष्टि करें');
    expect(change.text).toContain('अपना ईमेल old@example.test से new@example.test में बदलने की पुष्टि के लिए यह लिंक खोलें:');
  });

  it('turns a mail\'s HTML into its text part', () => {
    expect(textOfHtml('<h2>Hi</h2>\n  <p>Go &amp; see:</p>\n<p><a href="http://x/?a=1&amp;b=2"> Open </a></p>')).toBe('Hi\n\nGo & see:\n\nOpen: http://x/?a=1&b=2\n');
  });

  describe('a config the emulator cannot send from', () => {
    let folder: string;
    const config = async (toml: string, template = '<p>{{ .ConfirmationURL }}</p>') => {
      await mkdir(join(folder, 'supabase', 'templates'), { recursive: true });
      await writeFile(join(folder, 'supabase', 'templates', 'mail.html'), template);
      await writeFile(join(folder, 'supabase', 'config.toml'), toml);
      return join(folder, 'supabase', 'config.toml');
    };
    const sections = (kinds: string[]) => kinds.map((kind) => `[auth.email.template.${kind}]\nsubject = "S"\ncontent_path = "./supabase/templates/mail.html"\n`).join('\n');
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'auth-mails-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('names a missing template section', async () => {
      await expect(loadAuthMails(await config(sections(['confirmation', 'recovery'])))).rejects.toThrow(/auth\.email\.template\.email_change/);
    });

    it('names a missing template file', async () => {
      await expect(loadAuthMails(await config(sections(['confirmation', 'recovery', 'email_change']).replace('templates/mail.html', 'templates/gone.html')))).rejects.toThrow(
        /\[auth\.email\.template\.confirmation\] content_path \.\/supabase\/templates\/gone\.html/,
      );
    });

    it('names a template with syntax the emulator does not render', async () => {
      await expect(loadAuthMails(await config(sections(['confirmation', 'recovery', 'email_change']), '{{ range .Data }}{{ end }}'))).rejects.toThrow(/\.\/supabase\/templates\/mail\.html: \{\{ range \.Data \}\}/);
    });
  });
});
