import path from 'node:path';
import { inlineScript } from '../../lib/inline-script.ts';

/* The order page's and My orders' early call (order-early-request.ts) as one inline head script, from `virtual:order-early-request`. */
const { script, plugin } = inlineScript(path.join(import.meta.dirname, 'order-early-request.ts'), 'virtual:order-early-request');

export const ORDER_EARLY_REQUEST_SCRIPT = script;
export const orderEarlyRequestModule = plugin;
