import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registeredSmsTemplates, registeredWhatsAppTemplates } from '../../src/domain/messages';

// The owner registers what docs/going-live.md lists, character for character (a DLT text that
// differs by one character is dropped by the operator): the guide must list what the code sends.
const guide = readFileSync(path.join(import.meta.dirname, '../../docs/going-live.md'), 'utf8');

describe("the going-live guide's template table", () => {
  it('lists every SMS template the store sends, by name and with its exact DLT text', () => {
    for (const template of registeredSmsTemplates()) {
      expect(guide, template.name).toContain(`| \`${template.name}\` | \`${template.text}\` |`);
    }
  });

  it('lists every WhatsApp template in each of its languages with its exact body and button', () => {
    for (const template of registeredWhatsAppTemplates('https://medikart.in')) {
      expect(guide, `${template.name} (${template.language})`).toContain(`| \`${template.name}\` | \`${template.body}\` | ${template.button} |`);
    }
  });

  it('names each template row in its language (the Hindi rows are registered as templates of their own)', () => {
    for (const template of registeredSmsTemplates()) {
      const language = /_([a-z]{2})$/.exec(template.name)![1]!;
      expect(guide, template.name).toMatch(new RegExp(`\\| ${language} \\| [^|]+ \\| \`${template.name}\` \\|`));
    }
  });
});
