import { rupeesToPaise } from './money';
import type { CartProduct } from './product';

/** One product in the cart, as the browser keeps it under CART_STORAGE_KEY. */
export interface CartLine {
  product: CartProduct;
  quantity: number;
  prescriptionAccepted: boolean;
  prescriptionFileUrl: string | null;
}

export interface CartState {
  items: CartLine[];
  sessionId: string;
}

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
