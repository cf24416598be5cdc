/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_FILE_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The paths of sitemap file n (from 1). */
export function sitemapPart<T>(paths: readonly T[], part: number): T[] {
  return paths.slice((part - 1) * SITEMAP_FILE_URLS, part * SITEMAP_FILE_URLS);
}

export function sitemapPartCount(urls: number): number {
  return Math.max(1, Math.ceil(urls / SITEMAP_FILE_URLS));
}

export function sitemapPartPath(part: number): string {
  return `/sitemap-${part}.xml`;
}

export function urlSetXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly string[]): string {
  const entries = sitemaps.map((url) => `  <sitemap><loc>${escapeXml(url)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}
