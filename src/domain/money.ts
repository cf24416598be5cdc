const rupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupees with the rupee sign and 2 decimals, Indian digit grouping: ₹1,23,456.50. */
export function formatRupees(rupees: number): string {
  return rupeeFormat.format(rupees);
}

/** Money is summed in whole paise so totals never drift by floating-point error. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}
