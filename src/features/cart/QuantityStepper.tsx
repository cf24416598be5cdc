import { useId } from 'react';
import { MAX_QUANTITY_HINT, MAX_QUANTITY_PER_LINE } from './cart-store';

interface Props {
  productName: string;
  quantity: number;
  onChange: (next: number) => void;
  /** Plus is refused for a line that can no longer be bought. */
  increaseDisabled?: boolean;
  /** The outer box's size: the buttons fill its height, the quantity the width between them. */
  className: string;
  /** Puts the quantity into the accessible name too ('Quantity of <name>: 2'), as the product cards and pages do. */
  quantityInName?: boolean;
}

const STEP_BUTTON =
  'inline-flex h-full w-9 shrink-0 items-center justify-center text-lg font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent';

/** Minus / quantity / plus for one product; the quantity is an <output>, so changes are announced. */
export function QuantityStepper({ productName, quantity, onChange, increaseDisabled = false, className, quantityInName = false }: Props) {
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  const hintId = useId();
  return (
    <div className={`${className} inline-flex items-center overflow-hidden rounded-md border border-brand-700`}>
      <button type="button" aria-label={`Decrease quantity of ${productName}`} onClick={() => onChange(quantity - 1)} className={STEP_BUTTON}>
        −
      </button>
      <output
        aria-label={quantityInName ? `Quantity of ${productName}: ${quantity}` : `Quantity of ${productName}`}
        className="min-w-0 flex-1 text-center text-sm font-semibold"
      >
        {quantity}
      </output>
      <button
        type="button"
        aria-label={`Increase quantity of ${productName}`}
        onClick={() => onChange(quantity + 1)}
        disabled={increaseDisabled || atLimit}
        aria-describedby={atLimit ? hintId : undefined}
        title={atLimit ? MAX_QUANTITY_HINT : undefined}
        className={STEP_BUTTON}
      >
        +
      </button>
      {atLimit && (
        <span id={hintId} className="sr-only">
          {MAX_QUANTITY_HINT}
        </span>
      )}
    </div>
  );
}
