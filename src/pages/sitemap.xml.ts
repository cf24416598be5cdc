import type { APIRoute } from 'astro';
import { publicPaths } from '../features/catalogue/public-paths';
import { sitemapIndexXml, sitemapPartCount, sitemapPartPath } from '../features/catalogue/sitemap';

/** The sitemap index robots.txt names; the URLs themselves are in /sitemap-<n>.xml, 50,000 a file. */
export const GET: APIRoute = async ({ site }) => {
  const parts = sitemapPartCount((await publicPaths()).length);
  const sitemaps = Array.from({ length: parts }, (_, index) => new URL(sitemapPartPath(index + 1), site).href);
  return new Response(sitemapIndexXml(sitemaps), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
