import path from 'node:path';
import { buildInlineScript } from '../../lib/inline-script.ts';

/* utm-landing.ts as a classic script without zod, for every page's first inline script (src/layouts/head-start.ts). */
export const UTM_LANDING_SCRIPT = buildInlineScript(path.join(import.meta.dirname, 'utm-landing.ts'));
