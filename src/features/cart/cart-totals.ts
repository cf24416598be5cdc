import { rupeesToPaise } from '../../lib/money';

export interface PricedLine {
  mrp: number;
  quantity: number;
}

/** Line total in paise: MRP (incl. of all taxes) times quantity. */
export function lineTotalPaise(line: PricedLine): number {
  return rupeesToPaise(line.mrp) * line.quantity;
}

/** Cart total in paise, the spec's "sum of mrp times quantity"; delivery is free. */
export function cartTotalPaise(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalPaise(line), 0);
}
