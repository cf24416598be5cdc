import { useState } from 'react';
import { RX_REQUIRED } from '@/domain/product';
import { productPath } from '@/domain/product';
import { type LineAvailability, UNAVAILABLE_LINE_LABEL } from './cart-availability';
import { cartLineImage, stockImageFor } from './cart-line-image';
import { type CartLine, removeFromCart, setQuantity } from './cart-store';
import { PRESCRIPTION_ATTACHED, UPLOAD_PRESCRIPTION } from './cart-strings';
import * as markup from './cart-view-markup';
import { QuantityStepper } from './QuantityStepper';

interface Props {
  line: CartLine;
  availability: LineAvailability;
  /** A 24-hour signed address of the attached prescription, when the customer is signed in. */
  prescriptionLink: string | undefined;
  /** Opens the prescription dialog: offered on a prescription-only line that has none accepted. */
  onUploadPrescription(): void;
}

/** One cart line: thumbnail, name, price, quantity stepper, line total and remove (drawn the same by static-cart-view.ts). */
export function CartLineRow({ line, availability, prescriptionLink, onUploadPrescription }: Props) {
  const { product, quantity } = line;
  const [image, setImage] = useState(() => cartLineImage(product));
  const stockImage = stockImageFor(product.id);
  const available = availability === 'available';
  const discount = markup.lineDiscountText(line);

  return (
    <li className={markup.LINE_CLASS}>
      <img
        src={image}
        alt={product.name}
        width={80}
        height={80}
        loading="lazy"
        onError={() => {
          if (image !== stockImage) setImage(stockImage);
        }}
        className={markup.lineImageClass(available)}
      />
      <div className={markup.LINE_DETAILS_CLASS}>
        <a href={productPath(product)} className={markup.LINE_NAME_CLASS}>
          {product.name}
        </a>
        <p className={markup.LINE_MRP_CLASS}>{markup.lineMrpText(line)}</p>
        {discount && <p className={markup.LINE_DISCOUNT_CLASS}>{discount}</p>}
        <div className={markup.LINE_BADGES_CLASS}>
          {product.requires_prescription && <span className={markup.RX_BADGE_CLASS}>{RX_REQUIRED}</span>}
          {product.requires_prescription && line.prescriptionAccepted && (
            <span className={markup.ATTACHED_BADGE_CLASS}>
              {prescriptionLink ? (
                <a href={prescriptionLink} target="_blank" rel="noopener noreferrer" className={markup.ATTACHED_LINK_CLASS}>
                  {PRESCRIPTION_ATTACHED}
                </a>
              ) : (
                PRESCRIPTION_ATTACHED
              )}
            </span>
          )}
          {product.requires_prescription && !line.prescriptionAccepted && (
            <button
              type="button"
              onClick={onUploadPrescription}
              aria-label={markup.lineUploadLabel(UPLOAD_PRESCRIPTION, product.name)}
              className={markup.LINE_UPLOAD_CLASS}
            >
              {UPLOAD_PRESCRIPTION}
            </button>
          )}
          {!available && <span className={markup.UNAVAILABLE_BADGE_CLASS}>{UNAVAILABLE_LINE_LABEL[availability]}</span>}
        </div>
      </div>
      <div className={markup.LINE_CONTROLS_CLASS}>
        <QuantityStepper
          productName={product.name}
          quantity={quantity}
          onChange={(next) => setQuantity(product.id, next)}
          increaseDisabled={!available}
          className={markup.LINE_STEPPER_BOX}
          hintId={markup.lineLimitHintId(product.id)}
        />
        <p className={markup.LINE_TOTAL_CLASS} aria-label={markup.lineTotalLabel(product.name)}>
          {markup.lineTotalText(line)}
        </p>
        <button type="button" aria-label={markup.removeLabel(product.name)} onClick={() => removeFromCart(product.id)} className={markup.REMOVE_BUTTON_CLASS}>
          Remove
        </button>
      </div>
    </li>
  );
}
