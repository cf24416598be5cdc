import path from 'node:path';
import { inlineScript } from '../../lib/inline-script.ts';

/* /cart's first paint (cart-first-paint.ts) as one inline script, from `virtual:cart-first-paint`. */
const { script, plugin } = inlineScript(path.join(import.meta.dirname, 'cart-first-paint.ts'), 'virtual:cart-first-paint');

export const CART_FIRST_PAINT_SCRIPT = script;
export const cartFirstPaintModule = plugin;
