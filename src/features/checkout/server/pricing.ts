import { cartTotalPaise } from '../../../domain/cart-total';
import { isPurchasable } from '../../../domain/product';
import { formatRupees } from '../../../domain/money';
import type { OrderLine } from '../../../domain/order-line';
import { sellingPricePaise } from '../../../domain/selling-price';
import type { CatalogueEntries } from './catalogue-index';
import { MAX_QUANTITY_PER_LINE, type OrderLineRequest } from '../../../domain/payment-contract';
import { HttpRefusal } from '../../../lib/server/http';
import { applyCoupon, type Coupon, type CouponContext } from '../../../domain/coupon';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';

export const MIN_ORDER_PAISE = 100;

/**
 * A line as the server prices it: always with the selling price it was charged at, and with the
 * share of a coupon's discount it carries (only when it carries one).
 */
export type PricedOrderLine = Required<Omit<OrderLine, 'discount_paise'>> & Pick<OrderLine, 'discount_paise'>;

/** A code the customer typed, as the database holds it, and what its rules need to know of this customer. */
export interface CouponCheck {
  /** What the customer typed (case-insensitive). */
  code: string;
  coupon: Coupon | null;
  context: CouponContext;
}

export interface PricedOrder {
  amountPaise: number;
  /** The lines at their selling prices, before any coupon. */
  subtotalPaise: number;
  /** The coupon taken off (0 without one) and its code as stored. */
  discountPaise: number;
  couponCode: string | null;
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
export function priceOrder(catalogue: CatalogueEntries, lines: readonly OrderLineRequest[], sentAmountPaise: number | null, coupon?: CouponCheck): PricedOrder {
  const priced = lines.map((line) => {
    const product = catalogue.get(line.productId);
    if (!product) throw new HttpRefusal(422, fill(refusals.notInCatalogue, { id: line.productId }));
    if (!isPurchasable(product)) {
      throw new HttpRefusal(409, fill(product.sale_state === 'DISCONTINUED' ? refusals.discontinued : refusals.soldOut, { name: product.name }));
    }
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_LINE) {
      throw new HttpRefusal(422, fill(refusals.quantity, { name: product.name, max: MAX_QUANTITY_PER_LINE }));
    }
    return { product, quantity: line.quantity };
  });

  const subtotalPaise = cartTotalPaise(priced.map(({ product, quantity }) => ({ mrp_paise: product.mrp_paise, current_price_paise: product.current_price_paise, quantity })));
  // The coupon's rules are checked on the lines as priced here; a refusal is its rule's sentence.
  const applied = coupon
    ? applyCoupon(
        coupon.coupon,
        priced.map(({ product, quantity }) => ({ productId: product.id, amountPaise: sellingPricePaise(product) * quantity, requiresPrescription: product.requires_prescription })),
        coupon.context,
      )
    : null;
  if (applied && !applied.ok) throw new HttpRefusal(422, applied.sentence);
  const discountPaise = applied?.ok ? applied.discountPaise : 0;
  const amountPaise = subtotalPaise - discountPaise;
  if (amountPaise < MIN_ORDER_PAISE) {
    throw new HttpRefusal(422, fill(refusals.minimumOrder, { amount: formatRupees(MIN_ORDER_PAISE) }));
  }
  // null: a quote (the coupon check), where there is no total to cross-check yet.
  if (sentAmountPaise !== null && sentAmountPaise !== amountPaise) {
    throw new HttpRefusal(409, fill(refusals.totalChanged, { total: formatRupees(amountPaise) }));
  }

  const lineDiscounts = applied?.ok ? applied.lineDiscounts : [];
  return {
    amountPaise,
    subtotalPaise,
    discountPaise,
    couponCode: discountPaise > 0 && coupon?.coupon ? coupon.coupon.code : null,
    lines: priced.map(({ product, quantity }, index) => ({
      product_id: product.id,
      name: product.name,
      unit_mrp_paise: product.mrp_paise,
      unit_price_paise: sellingPricePaise(product),
      quantity,
      ...((lineDiscounts[index] ?? 0) > 0 ? { discount_paise: lineDiscounts[index] } : {}),
    })),
    codLines: priced.map(({ product }) => ({ name: product.name, codAvailable: product.cod_available })),
    prescriptionProducts: priced.filter(({ product }) => product.requires_prescription).map(({ product }) => product.name),
  };
}
