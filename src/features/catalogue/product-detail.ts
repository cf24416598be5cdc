import type { Product } from '@/domain/product';

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

/**
 * The detail page's sections in their fixed order, under their exact headings. A section whose
 * data is null or empty is omitted rather than printed empty.
 */
export function detailSections(product: Product): DetailSection[] {
  const sections: DetailSection[] = [
    { heading: 'Salt Composition', paragraphs: textLines(product.salt), list: [] },
    { heading: 'Manufactured by', paragraphs: textLines(product.marketer, product.marketer_address), list: [] },
    { heading: 'Product Description', paragraphs: textLines(product.description), list: [] },
    { heading: 'Primary Uses', paragraphs: [], list: textLines(...product.primary_uses) },
    { heading: 'Uses', paragraphs: [], list: textLines(...product.uses) },
    { heading: 'How it Works', paragraphs: textLines(product.how_it_works), list: [] },
    { heading: 'Safety Information', paragraphs: [safetyInformation(product).join(' ')].filter(Boolean), list: [] },
    { heading: 'Storage', paragraphs: textLines(product.storage), list: [] },
  ];
  return sections.filter((section) => section.paragraphs.length > 0 || section.list.length > 0);
}
