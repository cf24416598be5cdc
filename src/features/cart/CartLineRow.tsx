import { useState } from 'react';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { RX_REQUIRED } from '@/domain/product';
import { productPath } from '@/domain/product';
import { type LineAvailability, UNAVAILABLE_LINE_LABEL } from './cart-availability';
import { cartLineImage, stockImageFor } from './cart-line-image';
import { type CartLine, removeFromCart, setQuantity } from './cart-store';
import { PRESCRIPTION_ATTACHED, UPLOAD_PRESCRIPTION } from './cart-strings';
import { lineTotalPaise } from '@/domain/cart-line';
import { discountLabel, sellingPricePaise } from '@/domain/selling-price';
import { QuantityStepper } from './QuantityStepper';

interface Props {
  line: CartLine;
  availability: LineAvailability;
  /** A 24-hour signed address of the attached prescription, when the customer is signed in. */
  prescriptionLink: string | undefined;
  /** Opens the prescription dialog: offered on a prescription-only line that has none accepted. */
  onUploadPrescription(): void;
}

/** One cart line: thumbnail, name, price, quantity stepper, line total and remove. */
export function CartLineRow({ line, availability, prescriptionLink, onUploadPrescription }: Props) {
  const { product, quantity } = line;
  const [image, setImage] = useState(() => cartLineImage(product));
  const stockImage = stockImageFor(product.id);
  const available = availability === 'available';

  return (
    // On a phone the thumbnail and name share the first row, the stepper, total and Remove the
    // second, so the name never competes with the stepper for width; from sm on, one row.
    <li className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 py-4 sm:flex sm:gap-4">
      <img
        src={image}
        alt={product.name}
        width={80}
        height={80}
        loading="lazy"
        onError={() => {
          if (image !== stockImage) setImage(stockImage);
        }}
        className={`h-20 w-20 shrink-0 rounded-lg border border-gray-200 bg-gray-50 object-cover ${available ? '' : 'opacity-50'}`}
      />
      <div className="min-w-0 sm:flex-1">
        <a href={productPath(product)} className="font-semibold text-gray-900 hover:text-brand-700 hover:underline">
          {product.name}
        </a>
        <p className="text-sm text-gray-600">MRP {formatRupees(product.mrp)}</p>
        {discountLabel(product) && (
          <p className="text-sm font-semibold text-brand-800">
            {formatRupees(paiseToRupees(sellingPricePaise(product)))} · {discountLabel(product)}
          </p>
        )}
        <div className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
          {product.requires_prescription && <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-700">{RX_REQUIRED}</span>}
          {product.requires_prescription && line.prescriptionAccepted && (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-brand-800">
              {prescriptionLink ? (
                <a href={prescriptionLink} target="_blank" rel="noopener noreferrer" className="underline">
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
              aria-label={`${UPLOAD_PRESCRIPTION} for ${product.name}`}
              className="rounded-full border border-amber-600 px-2 py-0.5 text-amber-900 hover:bg-amber-50"
            >
              {UPLOAD_PRESCRIPTION}
            </button>
          )}
          {!available && <span className="rounded-full bg-gray-800 px-2 py-0.5 text-white">{UNAVAILABLE_LINE_LABEL[availability]}</span>}
        </div>
      </div>
      <div className="col-span-2 flex items-center justify-between gap-3 sm:contents">
        {/* 36px buttons either side of a 40px quantity, inside the 1px border. */}
        <QuantityStepper
          productName={product.name}
          quantity={quantity}
          onChange={(next) => setQuantity(product.id, next)}
          increaseDisabled={!available}
          className="h-9.5 w-28.5"
        />
        <p className="text-right font-semibold text-gray-900 sm:w-28" aria-label={`Total for ${product.name}`}>
          {formatRupees(paiseToRupees(lineTotalPaise({ mrp: product.mrp, current_price: product.current_price, quantity })))}
        </p>
        <button
          type="button"
          aria-label={`Remove ${product.name}`}
          onClick={() => removeFromCart(product.id)}
          className="text-sm font-medium text-red-700 hover:underline"
        >
          Remove
        </button>
      </div>
    </li>
  );
}
