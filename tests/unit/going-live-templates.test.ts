import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageKinds, messageTable, registeredSmsTemplates, whatsappTemplateName } from '../../src/domain/messages';

// The owner registers what docs/going-live.md lists, character for character (a DLT text that
// differs by one character is dropped by the operator): the guide must list what the code sends.
const guide = readFileSync(path.join(import.meta.dirname, '../../docs/going-live.md'), 'utf8');

describe("the going-live guide's template table", () => {
  it('lists every SMS template the store sends, by name and with its exact DLT text', () => {
    for (const template of registeredSmsTemplates()) {
      expect(guide, template.name).toContain(`| \`${template.name}\` | \`${template.text}\` |`);
    }
  });

  it('lists every WhatsApp template with its exact body and button', () => {
    for (const kind of messageKinds) {
      expect(guide, kind).toContain(`| \`${whatsappTemplateName(kind)}\` | \`${messageTable[kind].whatsapp}\` | ${messageTable[kind].button} |`);
    }
  });
});
