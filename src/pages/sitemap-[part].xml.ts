import type { APIRoute, GetStaticPaths } from 'astro';
import { publicPaths } from '../features/catalogue/public-paths';
import { sitemapPart, sitemapPartCount, urlSetXml } from '../features/catalogue/sitemap';

export const getStaticPaths = (async () => {
  const parts = sitemapPartCount((await publicPaths()).length);
  return Array.from({ length: parts }, (_, index) => ({ params: { part: String(index + 1) } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const paths = sitemapPart(await publicPaths(), Number(params.part));
  const urls = paths.map((path) => new URL(path, site).href);
  return new Response(urlSetXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
