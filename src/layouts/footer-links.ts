import { getCollection } from 'astro:content';
import type { LanguageCode } from '../domain/language';
import { textOf } from '../domain/strings/registry';
import { pathIn } from '../domain/strings/paths';

export interface FooterLink {
  href: string;
  label: string;
}

/**
 * One link per policy page that exists, in the order its front matter gives: a renamed or removed
 * file can never leave a dead link, and a new one gets its link. Each under its title in the page's
 * language where the policy is translated (content/policies/<code>/), else its English one.
 */
async function readFooterLinks(language: LanguageCode): Promise<FooterLink[]> {
  const policies = (await getCollection('policies')).sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title));
  const titles = new Map(
    (await getCollection('policyTranslations')).filter((entry) => entry.id.startsWith(`${language}/`)).map((entry) => [entry.id.slice(language.length + 1), entry.data.title]),
  );
  return [
    ...policies.map((policy) => ({ href: pathIn(language, `/${policy.id}`), label: titles.get(policy.id) ?? policy.data.title })),
    { href: pathIn(language, '/contact-us'), label: textOf(language).layout.contactUs },
  ];
}

// The links are the same on every page of a language, and reading the two collections was about a
// twentieth of each product page's build time: a build (and the site's function) reads them once per
// language. `npm run dev` reads them on every page, so an edited policy title shows at once.
const linksByLanguage = new Map<LanguageCode, Promise<FooterLink[]>>();

export function footerLinks(language: LanguageCode): Promise<FooterLink[]> {
  if (import.meta.env.DEV) return readFooterLinks(language);
  let links = linksByLanguage.get(language);
  if (!links) {
    links = readFooterLinks(language);
    linksByLanguage.set(language, links);
    // A failed read is not kept: the next page of a warm function reads again.
    links.catch(() => linksByLanguage.delete(language));
  }
  return links;
}
