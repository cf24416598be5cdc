import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DELIVERY_CONTENT_FILE, readDeliveryContent } from './read-delivery-content';

/** Fails `astro build` and `astro dev` at startup when content/delivery is invalid, like a bad catalogue record does. */
export function deliveryContentCheck(): AstroIntegration {
  return {
    name: 'medikart:delivery-content',
    hooks: {
      'astro:config:setup': async ({ config, logger }) => {
        const content = await readDeliveryContent(path.join(fileURLToPath(config.root), DELIVERY_CONTENT_FILE));
        logger.info(`delivery content: ${content.zones.length} zones, cash on delivery up to ${content.codLimitPaise} paise`);
      },
    },
  };
}
