import type { AstroIntegration } from 'astro';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { BUILT_DELIVERY_FILE, DELIVERY_DIRECTORY, deliveryContentFile, readDeliveryContent } from './read-delivery-content';

/**
 * Fails `astro build` and `astro dev` at startup when the delivery content is invalid, like a bad
 * catalogue record does; otherwise writes it where the browser bundle and the functions import it.
 */
export function deliveryContentCheck(directory: string = DELIVERY_DIRECTORY): AstroIntegration {
  return {
    name: 'medikart:delivery-content',
    hooks: {
      'astro:config:setup': async ({ config, logger }) => {
        const root = fileURLToPath(config.root);
        const { content, text } = await readDeliveryContent(path.resolve(root, deliveryContentFile(directory)));
        await mkdir(path.join(root, path.dirname(BUILT_DELIVERY_FILE)), { recursive: true });
        await writeFile(path.join(root, BUILT_DELIVERY_FILE), text);
        logger.info(`delivery content from ${directory}: ${content.zones.length} zones, cash on delivery up to ${content.codLimitPaise} paise`);
      },
    },
  };
}
