import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { afterEach, describe, expect, it } from 'vitest';
import { deliveryContentCheck } from './delivery-integration';

let root: string;

async function siteWithDeliveryContent(content: string): Promise<URL> {
  root = await mkdtemp(path.join(tmpdir(), 'delivery-content-'));
  await mkdir(path.join(root, 'content', 'delivery'), { recursive: true });
  await writeFile(path.join(root, 'content', 'delivery', 'delivery.json'), content);
  return pathToFileURL(`${root}/`);
}

function runSetup(rootUrl: URL): Promise<void> {
  const setup = deliveryContentCheck(path.join('content', 'delivery')).hooks['astro:config:setup']!;
  const logger = { info: () => {} } as unknown as AstroIntegrationLogger;
  return setup({ config: { root: rootUrl }, logger } as unknown as Parameters<typeof setup>[0]) as Promise<void>;
}

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the build check of content/delivery', () => {
  it('passes valid content and writes it where the browser bundle and the functions import it', async () => {
    const valid = JSON.stringify({ codLimitPaise: 500000, zones: [{ id: 'blr', name: 'Bengaluru', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001'] }] });
    await expect(runSetup(await siteWithDeliveryContent(valid))).resolves.toBeUndefined();
    expect(await readFile(path.join(root, '.generated', 'delivery.json'), 'utf8')).toBe(valid);
  });

  it('stops the build naming the file and the field', async () => {
    const invalid = { codLimitPaise: 500000, zones: [{ id: 'blr', name: 'Bengaluru', deliveryBusinessDays: 0, codAllowed: true, pinCodes: ['560001'] }] };
    const site = await siteWithDeliveryContent(JSON.stringify(invalid));
    await expect(runSetup(site)).rejects.toThrow(/content\/delivery\/delivery\.json is invalid:\n {2}zones\.0\.deliveryBusinessDays:/);
  });

  it('stops the build on a file that is not JSON', async () => {
    await expect(runSetup(await siteWithDeliveryContent('{ "codLimitPaise": 500000,'))).rejects.toThrow(/delivery\.json is not valid JSON/);
  });
});
