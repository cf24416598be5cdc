import type { Product } from '../../domain/product';
import { catalogue } from '../../domain/strings/english/catalogue';
import type { StringTable } from '../../domain/strings/table';

/** One information section of the product detail page: paragraphs or a bulleted list. */
export interface DetailSection {
  heading: string;
  paragraphs: string[];
  list: string[];
}

/** Each advisory as 'name: description'; advisories with nothing to say are left out. */
export function safetyInformation(product: Pick<Product, 'precautions'>): string[] {
  return product.precautions
    .filter((advice) => advice.description.trim() !== '')
    .map((advice) => `${advice.name}: ${advice.description.trim()}`);
}

function textLines(...values: (string | null)[]): string[] {
  return values.map((value) => value?.trim() ?? '').filter((value) => value !== '');
}

/** The detail page's section headings in their fixed order, in the spec's exact words. */
export const DETAIL_SECTION_HEADINGS = [
  'Salt Composition',
  'Manufactured by',
  'Product Description',
  'Primary Uses',
  'Uses',
  'How it Works',
  'Safety Information',
  'Storage',
] as const;

type SectionContent = Omit<DetailSection, 'heading'>;
const paragraphs = (...values: (string | null)[]): SectionContent => ({ paragraphs: textLines(...values), list: [] });
const list = (values: string[]): SectionContent => ({ paragraphs: [], list: textLines(...values) });

const SECTION_CONTENT: Record<(typeof DETAIL_SECTION_HEADINGS)[number], (product: Product) => SectionContent> = {
  'Salt Composition': (product) => paragraphs(product.salt),
  'Manufactured by': (product) => paragraphs(product.marketer, product.marketer_address),
  'Product Description': (product) => paragraphs(product.description),
  'Primary Uses': (product) => list(product.primary_uses),
  Uses: (product) => list(product.uses),
  'How it Works': (product) => paragraphs(product.how_it_works),
  'Safety Information': (product) => paragraphs(safetyInformation(product).join(' ')),
  Storage: (product) => paragraphs(product.storage),
};

/** Each heading's key in the strings tables. */
const HEADING_KEYS = {
  'Salt Composition': 'saltComposition',
  'Manufactured by': 'manufacturedBy',
  'Product Description': 'productDescriptionHeading',
  'Primary Uses': 'primaryUses',
  Uses: 'uses',
  'How it Works': 'howItWorks',
  'Safety Information': 'safetyInformation',
  Storage: 'storage',
} as const satisfies Record<(typeof DETAIL_SECTION_HEADINGS)[number], keyof StringTable['catalogue']>;

/**
 * The detail page's sections in their fixed order, under their exact headings in the page's
 * language. A section whose data is null or empty is omitted rather than printed empty.
 */
export function detailSections(product: Product, text: StringTable['catalogue'] = catalogue): DetailSection[] {
  return DETAIL_SECTION_HEADINGS.map((heading) => ({ heading: text[HEADING_KEYS[heading]], ...SECTION_CONTENT[heading](product) })).filter(
    (section) => section.paragraphs.length > 0 || section.list.length > 0,
  );
}
