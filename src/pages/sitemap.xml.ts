import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { getCatalogue } from '../features/catalogue/catalogue';
import { productPath } from '../features/catalogue/product-path';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every public page; products under their canonical (slug) URL only. */
export const GET: APIRoute = async ({ site }) => {
  const { products } = await getCatalogue();
  const policies = await getCollection('policies');
  const paths = ['/', '/products', ...products.map(productPath), ...policies.map((policy) => `/${policy.id}`), '/contact-us'];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(new URL(path, site).href)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
