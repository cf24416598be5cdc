import type { CartLine } from '../../domain/cart-line';
import { NO_PRESCRIPTION_CHOSEN } from '../prescriptions/public';

/** What the customer can do about a refusal, instead of retrying a payment that would be refused again. */
export type RefusalAction =
  | { kind: 'remove-line'; productId: number; productName: string }
  | { kind: 'refresh-total' }
  | { kind: 'upload-prescription' };

const UNAVAILABLE = /Please remove it from your cart\./;
const TOTAL_CHANGED = /Your cart total has changed/;

/**
 * Reads the payment functions' refusal (status and sentence, see server/contract.ts): a sold-out,
 * discontinued or unknown product names its line, a changed total asks for a refresh, a missing or
 * unusable prescription asks for one again. Anything else is left to 'Retry Payment'.
 */
export function refusalActionOf(status: number | null, message: string, lines: readonly CartLine[]): RefusalAction | null {
  if (status === 409 && TOTAL_CHANGED.test(message)) return { kind: 'refresh-total' };
  if (status === 422 && message.includes(NO_PRESCRIPTION_CHOSEN)) return { kind: 'upload-prescription' };
  if ((status === 409 || status === 422) && UNAVAILABLE.test(message)) {
    const line = lines.find(
      ({ product }) => message.includes(`${product.name} is `) || message.includes(`Product ${product.id} is not in our catalogue`),
    );
    if (line) return { kind: 'remove-line', productId: line.product.id, productName: line.product.name };
  }
  return null;
}
