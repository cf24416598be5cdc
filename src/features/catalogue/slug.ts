/** Spec rule: lower-cased product name, runs of non-alphanumeric characters turned into hyphens. */
export function productSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A purely numeric path segment is a product id rather than a slug. */
export function isProductIdSegment(segment: string): boolean {
  return /^\d+$/.test(segment);
}
