/*
 * The shop holds money as whole paise (integers) everywhere in its model, so sums never drift by
 * floating-point error. Rupees appear only at the edges, and every crossing is in this module:
 * formatRupees for what people read, paiseFromRupees where rupees come in (the catalogue builder,
 * the stored-cart and account-cart readers), rupeesOf and rupeesText where a shape fixed outside
 * the shop asks for rupees (the spec's localStorage cart and server cart row, Razorpay's notes,
 * schema.org prices).
 */

const formats = new Map<boolean, Intl.NumberFormat>();
const rupeeFormat = (withPaise: boolean) => {
  let format = formats.get(withPaise);
  if (!format) {
    const digits = withPaise ? 2 : 0;
    format = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(withPaise, format);
  }
  return format;
};

/**
 * The one way the shop shows money: the rupee sign, 2 decimals and Indian digit grouping
 * (₹1,23,456.50). In a sentence ('up to ₹5,000') whole rupees drop their ".00".
 */
export function formatRupees(paise: number, style: 'price' | 'sentence' = 'price'): string {
  return rupeeFormat(style === 'price' || paise % 100 !== 0).format(paise / 100);
}

/** Rupees as a plain number, for a shape fixed outside the shop (the spec's stored cart item). */
export function rupeesOf(paise: number): number {
  return paise / 100;
}

/** Rupees as decimal text with 2 places ("299.00"), for shapes that hold rupees as text. */
export function rupeesText(paise: number): string {
  return (paise / 100).toFixed(2);
}

/**
 * Rupees (a number or decimal text) as whole paise, or null when the value is not a finite,
 * non-negative amount of whole paise (12.345 is refused, never rounded: a price nobody wrote).
 */
export function paiseFromRupees(rupees: number | string): number | null {
  const value = typeof rupees === 'string' ? (/^\s*\d+(\.\d+)?\s*$/.test(rupees) ? Number(rupees) : Number.NaN) : rupees;
  if (!Number.isFinite(value) || value < 0) return null;
  const paise = Math.round(value * 100);
  return Math.abs(paise - value * 100) < 1e-6 ? paise : null;
}
