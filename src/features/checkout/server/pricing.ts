import { cartTotalPaise } from '../../../domain/cart-line';
import { isPurchasable } from '../../../domain/product';
import { formatRupees } from '../../../domain/money';
import type { OrderLine } from '../../../domain/order-line';
import { sellingPricePaise } from '../../../domain/selling-price';
import type { CatalogueEntries } from './catalogue-index';
import { MAX_QUANTITY_PER_LINE, type OrderLineRequest } from '../../../domain/payment-contract';
import { HttpRefusal } from '../../../lib/server/http';

export const MIN_ORDER_PAISE = 100;

/** A line as the server prices it: always with the selling price it was charged at. */
export type PricedOrderLine = Required<OrderLine>;

export interface PricedOrder {
  amountPaise: number;
  lines: PricedOrderLine[];
  /** Names of the lines that need a prescription before they can be paid for. */
  prescriptionProducts: string[];
  /** Each line's name and whether it may be paid for at the door. */
  codLines: { name: string; codAvailable: boolean }[];
}

/**
 * Prices the cart from the catalogue (selling price times quantity, in paise) and refuses anything the
 * customer must not pay for; the browser's amount (paise) is only cross-checked against the result.
 */
export function priceOrder(catalogue: CatalogueEntries, lines: readonly OrderLineRequest[], sentAmountPaise: number): PricedOrder {
  const priced = lines.map((line) => {
    const product = catalogue.get(line.productId);
    if (!product) throw new HttpRefusal(422, `Product ${line.productId} is not in our catalogue. Please remove it from your cart.`);
    if (!isPurchasable(product)) {
      const reason = product.sale_state === 'DISCONTINUED' ? 'discontinued' : 'sold out';
      throw new HttpRefusal(409, `${product.name} is ${reason}. Please remove it from your cart.`);
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_LINE) {
      throw new HttpRefusal(422, `Quantity of ${product.name} must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}.`);
    }
    return { product, quantity: line.quantity };
  });

  const amountPaise = cartTotalPaise(priced.map(({ product, quantity }) => ({ mrp_paise: product.mrp_paise, current_price_paise: product.current_price_paise, quantity })));
  if (amountPaise < MIN_ORDER_PAISE) {
    throw new HttpRefusal(422, `The minimum order amount is ${formatRupees(MIN_ORDER_PAISE)}.`);
  }
  if (sentAmountPaise !== amountPaise) {
    throw new HttpRefusal(
      409,
      `Your cart total has changed: the current total is ${formatRupees(amountPaise)}. Please review your cart and try again.`,
    );
  }

  return {
    amountPaise,
    lines: priced.map(({ product, quantity }) => ({
      product_id: product.id,
      name: product.name,
      unit_mrp_paise: product.mrp_paise,
      unit_price_paise: sellingPricePaise(product),
      quantity,
    })),
    codLines: priced.map(({ product }) => ({ name: product.name, codAvailable: product.cod_available })),
    prescriptionProducts: priced.filter(({ product }) => product.requires_prescription).map(({ product }) => product.name),
  };
}
