import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPolicies, missingTranslations } from '../../scripts/check-content.ts';
import { translatedLanguageCodes } from '../../src/lib/language-files';
import { lastUpdatedText } from '../../src/lib/site';
import { policyFrontMatterSchema } from '../../src/lib/policy-front-matter';

let directory: string;

const page = (frontMatter: string) => `---\n${frontMatter}\n---\n\nSome policy text.\n`;
const GOOD = 'title: Shipping Policy\ndescription: How orders are shipped.\nlastUpdated: 2025-07-31\norder: 1';

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'policies-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('npm run check:content, policy pages', () => {
  it('passes good front matter', async () => {
    await writeFile(path.join(directory, 'shipping-policy.md'), page(GOOD));
    expect(await checkPolicies(directory)).toEqual([]);
  });

  it('refuses a date not written YYYY-MM-DD, naming the file, the line and the value', async () => {
    await writeFile(path.join(directory, 'a.md'), page(GOOD.replace('2025-07-31', 'July 31, 2025')));
    await writeFile(path.join(directory, 'b.md'), page(GOOD.replace('2025-07-31', '31/07/2025').replace('order: 1', 'order: 2')));
    expect(await checkPolicies(directory)).toEqual([
      { file: path.join(directory, 'a.md:4'), message: 'lastUpdated must be a date written as YYYY-MM-DD, for example 2025-07-31 (got "July 31, 2025")' },
      { file: path.join(directory, 'b.md:4'), message: 'lastUpdated must be a date written as YYYY-MM-DD, for example 2025-07-31 (got "31/07/2025")' },
    ]);
  });

  it('names a missing field, broken YAML at its real line, and two pages in the same footer place', async () => {
    await writeFile(path.join(directory, 'a.md'), page('description: No title here.\nlastUpdated: 2025-07-31\norder: 1'));
    await writeFile(path.join(directory, 'b.md'), page('title: "Unclosed\ndescription: x\nlastUpdated: 2025-07-31\norder: 2'));
    await writeFile(path.join(directory, 'c.md'), page(GOOD.replace('order: 1', 'order: 3')));
    await writeFile(path.join(directory, 'd.md'), page(GOOD.replace('order: 1', 'order: 3')));
    const problems = await checkPolicies(directory);
    expect(problems.map((problem) => problem.file)).toEqual([path.join(directory, 'a.md:1'), expect.stringMatching(/b\.md:\d+$/), path.join(directory, 'd.md:5')]);
    expect(problems[0]!.message).toMatch(/^title is missing/);
    expect(problems[1]!.message).toMatch(/^front matter is not valid YAML: /);
    expect(problems[2]!.message).toBe(`order 3 is already used by ${path.join(directory, 'c.md')}: each footer link needs its own place`);
  });

  it('refuses a page without front matter', async () => {
    await writeFile(path.join(directory, 'a.md'), 'Just text.\n');
    expect(await checkPolicies(directory)).toEqual([{ file: path.join(directory, 'a.md:1'), message: 'the page must start with front matter between two lines of "---"' }]);
  });
});

describe('npm run check:content, policy translations', () => {
  it('lists each policy a language has no translation of', async () => {
    await writeFile(path.join(directory, 'shipping-policy.md'), page(GOOD));
    await writeFile(path.join(directory, 'returns-policy.md'), page(GOOD.replace('order: 1', 'order: 2')));
    await mkdir(path.join(directory, 'hi'));
    await writeFile(path.join(directory, 'hi', 'shipping-policy.md'), page(GOOD));
    expect(await missingTranslations(directory, ['hi', 'kn'])).toEqual([
      path.join(directory, 'hi', 'returns-policy.md'),
      path.join(directory, 'kn', 'returns-policy.md'),
      path.join(directory, 'kn', 'shipping-policy.md'),
    ]);
  });

  it('knows the languages from the strings tables’ files', () => {
    expect(translatedLanguageCodes()).toEqual(['hi']);
  });
});

describe('lastUpdated', () => {
  it('prints the calendar day written, whatever the time zone of the build', () => {
    const buildZone = process.env.TZ;
    try {
      // India, behind UTC and far ahead of it: a local-time reading would shift the day in one of them.
      for (const zone of ['Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        // YAML reads an unquoted date as a Date; quoted, it stays text: both give the same day.
        for (const lastUpdated of [new Date('2025-07-31T00:00:00Z'), '2025-07-31']) {
          const { data } = policyFrontMatterSchema.safeParse({ title: 't', description: 'd', lastUpdated, order: 1 });
          expect(lastUpdatedText(data!.lastUpdated), `${zone} ${String(lastUpdated)}`).toBe('Last updated: July 31, 2025');
        }
      }
    } finally {
      if (buildZone === undefined) delete process.env.TZ;
      else process.env.TZ = buildZone;
    }
  });

  it('refuses an impossible date', () => {
    expect(policyFrontMatterSchema.safeParse({ title: 't', description: 'd', lastUpdated: '2025-02-30', order: 1 }).success).toBe(false);
  });
});

describe("the shop's own policies", () => {
  it('have every translation: no language shows a policy in English', async () => {
    expect(await missingTranslations()).toEqual([]);
  });
});
