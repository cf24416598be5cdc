
/*
 * The markup of a product's cart control, shared by the React island (AddToCart, QuantityStepper)
 * and the script that runs it before React loads (static-cart-controls.ts): both must draw the
 * same DOM, so React hydrates what the customer already sees without a flash.
 */

import { MAX_QUANTITY_PER_LINE } from '@/domain/cart-line';

export type AddToCartVariant = 'card' | 'detail';

/** The accessible hint on a plus button that has reached the limit. */
export const MAX_QUANTITY_HINT = `Maximum ${MAX_QUANTITY_PER_LINE} per order`;

/** Both states of the control share one box per variant, so hydrating it never shifts the page. */
export const CART_CONTROL_BOX: Record<AddToCartVariant, string> = {
  card: 'h-9 w-28',
  detail: 'h-12 w-full sm:w-56',
};

export const ADD_LABEL: Record<AddToCartVariant, string> = { card: 'Add', detail: 'Add to Cart' };

export const ADD_BUTTON_CLASS = 'inline-flex items-center justify-center rounded-md bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800';
export const STEPPER_CLASS = 'inline-flex items-center overflow-hidden rounded-md border border-brand-700';
export const STEP_BUTTON_CLASS =
  'inline-flex h-full w-9 shrink-0 items-center justify-center text-lg font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent';
export const QUANTITY_CLASS = 'min-w-0 flex-1 text-center text-sm font-semibold';

/** What each button of the control does; the first-tap queue and the static script find buttons by it. */
export type CartAction = 'add' | 'decrease' | 'increase';
export const CART_ACTION_ATTRIBUTE = 'data-cart-action';

export const decreaseLabel = (productName: string) => `Decrease quantity of ${productName}`;
export const increaseLabel = (productName: string) => `Increase quantity of ${productName}`;
export const quantityLabel = (productName: string, quantity: number, quantityInName: boolean) =>
  quantityInName ? `Quantity of ${productName}: ${quantity}` : `Quantity of ${productName}`;

/** The limit hint's id on a product control: stable, so the static and the React markup agree. */
export const limitHintId = (variant: AddToCartVariant, productId: number) => `cart-limit-${variant}-${productId}`;
