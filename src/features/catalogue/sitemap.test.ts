import { describe, expect, it } from 'vitest';
import { sitemapIndexXml, sitemapPart, sitemapPartCount, sitemapPartPath, urlSetXml } from './sitemap';

describe('sitemap', () => {
  it('splits the URLs into files of at most 50,000', () => {
    expect([0, 30, 50_000, 50_001, 100_040].map(sitemapPartCount)).toEqual([1, 1, 1, 2, 3]);
    const paths = Array.from({ length: 100_040 }, (_, index) => `/p/${index}`);
    expect(sitemapPart(paths, 1)).toHaveLength(50_000);
    expect(sitemapPart(paths, 3)).toEqual(paths.slice(100_000));
    expect(sitemapPartPath(2)).toBe('/sitemap-2.xml');
  });

  it('writes a URL set and an index, escaping the addresses', () => {
    expect(urlSetXml(['https://shop.example/a?b=1&c=2'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://shop.example/a?b=1&amp;c=2</loc></url>\n</urlset>\n',
    );
    expect(sitemapIndexXml(['https://shop.example/sitemap-1.xml'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap><loc>https://shop.example/sitemap-1.xml</loc></sitemap>\n</sitemapindex>\n',
    );
  });
});
