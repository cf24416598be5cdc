import path from 'node:path';
import { inlineScript } from '../../lib/inline-script.ts';

/* The desk's early reads (desk-early-request.ts) as one inline head script, from `virtual:desk-early-request`. */
const { script, plugin } = inlineScript(path.join(import.meta.dirname, 'desk-early-request.ts'), 'virtual:desk-early-request');

export const DESK_EARLY_REQUEST_SCRIPT = script;
export const deskEarlyRequestModule = plugin;
