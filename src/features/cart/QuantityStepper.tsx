import { useId } from 'react';
import { MAX_QUANTITY_HINT, MAX_QUANTITY_PER_LINE } from './cart-store';
import { decreaseLabel, increaseLabel, QUANTITY_CLASS, quantityLabel, STEP_BUTTON_CLASS, STEPPER_CLASS } from './cart-control-markup';

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
  /** A fixed id for the limit hint, where a script outside React draws the same markup. */
  hintId?: string;
}

/** Minus / quantity / plus for one product; the quantity is an <output>, so changes are announced. */
export function QuantityStepper({ productName, quantity, onChange, increaseDisabled = false, className, quantityInName = false, hintId }: Props) {
  const atLimit = quantity >= MAX_QUANTITY_PER_LINE;
  const generatedId = useId();
  const describedBy = hintId ?? generatedId;
  return (
    <div className={`${className} ${STEPPER_CLASS}`}>
      <button
        type="button"
        aria-label={decreaseLabel(productName)}
        data-cart-action="decrease"
        onClick={() => onChange(quantity - 1)}
        className={STEP_BUTTON_CLASS}
      >
        −
      </button>
      <output aria-label={quantityLabel(productName, quantity, quantityInName)} className={QUANTITY_CLASS}>
        {quantity}
      </output>
      <button
        type="button"
        aria-label={increaseLabel(productName)}
        data-cart-action="increase"
        onClick={() => onChange(quantity + 1)}
        disabled={increaseDisabled || atLimit}
        aria-describedby={atLimit ? describedBy : undefined}
        title={atLimit ? MAX_QUANTITY_HINT : undefined}
        className={STEP_BUTTON_CLASS}
      >
        +
      </button>
      {atLimit && (
        <span id={describedBy} className="sr-only">
          {MAX_QUANTITY_HINT}
        </span>
      )}
    </div>
  );
}
