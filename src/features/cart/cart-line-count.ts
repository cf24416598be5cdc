/**
 * Mirrors CART_STORAGE_KEY of cart-store.ts (a unit test keeps them equal): importing the store
 * would ship nanostores and zod to pages that otherwise ship almost no JavaScript.
 */
export const STORED_CART_KEY = 'cart';

const isCartLine = (line: unknown): line is { product: { id: number }; quantity: number } => {
  if (typeof line !== 'object' || line === null) return false;
  const { product, quantity } = line as { product?: unknown; quantity?: unknown };
  return (
    typeof product === 'object' &&
    product !== null &&
    Number.isInteger((product as { id?: unknown }).id) &&
    Number.isInteger(quantity) &&
    (quantity as number) > 0
  );
};

/** Distinct cart lines in a stored cart, counted as the store's decoder would keep them. */
export function storedCartLineCount(encoded: string | null): number {
  if (!encoded) return 0;
  let raw: unknown;
  try {
    raw = JSON.parse(encoded);
  } catch {
    return 0;
  }
  const items: unknown = Array.isArray(raw) ? raw : (raw as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return 0;
  return new Set(items.filter(isCartLine).map((line) => line.product.id)).size;
}
