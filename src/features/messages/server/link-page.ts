import { API_SECURITY_HEADERS } from '../../../lib/server/http';
import { pathIn } from '../../../domain/strings/paths';
import type { LanguageSettings } from '../../../domain/strings/table';
import { escapeHtml } from './links';

interface LinkPage {
  title: string;
  heading: string;
  message: string;
  /** The store's pages to go on to, as paths of the default language (given the page's prefix here). */
  links: readonly { path: string; label: string }[];
}

/**
 * The plain page a message's link shows when it does not go on to one of the store's pages (a short
 * link that opens nothing, a refill reminder stopped): a heading, one sentence and links, in the
 * customer's language, never cached or indexed.
 */
export function linkPage(status: number, settings: LanguageSettings, page: LinkPage, headers: Record<string, string> = {}): Response {
  const links = page.links.map(({ path, label }) => `<a href="${pathIn(settings.code, path)}" style="color:#0f766e">${escapeHtml(label)}</a>`).join(' · ');
  const html = `<!doctype html><html lang="${settings.htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111827"><h1 style="font-size:1.5rem">${escapeHtml(page.heading)}</h1><p role="status">${escapeHtml(page.message)}</p><p>${links}</p></body></html>`;
  return new Response(html, { status, headers: { ...API_SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex', ...headers } });
}
