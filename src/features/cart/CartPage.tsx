import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { Toaster } from '@/lib/browser/Toaster';
import { $prescriptionLinks } from '@/features/prescriptions/public';
import { $checkoutReadiness, $goneProductIds, availabilityOf, refreshCartOnArrival } from './cart-availability';
import { CartLineRow } from './CartLineRow';
import { $cart, clearCart, setPrescription } from './cart-store';
import {
  BROWSE_PRODUCTS,
  CLEAR_CART,
  CONTINUE_SHOPPING,
  DELIVERY_FREE,
  EMPTY_CART,
  ESTIMATED_DELIVERY,
  ORDER_SUMMARY,
  PRESCRIPTION_PENDING_NOTICE,
  UNAVAILABLE_LINES_NOTICE,
} from './cart-strings';
import { cartLinesTotalPaise } from '@/domain/cart-line';
import { $prescriptionDialogOpen, closePrescriptionDialog, openPrescriptionDialog } from './prescription-request';
import { type CheckoutHandlers, CheckoutSlot } from './CheckoutSlot';
import { handOverFirstScreen } from './cart-first-screen';
import * as markup from './cart-view-markup';

// The upload dialog and its upload code load when the customer first asks for it.
const PrescriptionDialog = lazy(() =>
  import('@/features/prescriptions/PrescriptionDialog').then(({ PrescriptionDialog }) => ({ default: PrescriptionDialog })),
);

export interface CartPageProps extends CheckoutHandlers {
  /** The payment step's panels (success, failure with 'Retry Payment'), shown above the cart. */
  children?: ReactNode;
}

/** The /cart island: the lines, the order summary, the way to payment and the prescription dialog. */
export default function CartPage({ children, ...checkout }: CartPageProps) {
  const cart = useStore($cart);
  const gone = useStore($goneProductIds);
  const readiness = useStore($checkoutReadiness);
  const prescriptionLinks = useStore($prescriptionLinks);
  const dialogOpen = useStore($prescriptionDialogOpen);
  // Once opened, the dialog stays mounted, so closing it runs its own close and focus return.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialogOpen && !dialogWanted) setDialogWanted(true);
  // The prebuilt HTML cannot know the cart: static-cart-view.ts draws the first screen from the
  // stored cart beside this island, which renders nothing until hydrated, then takes its place.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void refreshCartOnArrival();
  }, []);
  // Before the browser paints React's screen: the same DOM replaces the first screen, keeping focus.
  useLayoutEffect(() => {
    if (hydrated) handOverFirstScreen();
  }, [hydrated]);

  const lines = cart.items;
  const totalRupees = paiseToRupees(cartLinesTotalPaise(lines));
  const pendingLines = lines.filter((line) => !line.prescriptionAccepted);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);

  let content: ReactNode;
  if (!hydrated) {
    content = null;
  } else if (lines.length === 0) {
    content = (
      <div {...{ [markup.CART_SCREEN_ATTRIBUTE]: '' }} className={markup.EMPTY_CART_CLASS}>
        <p className={markup.EMPTY_CART_TITLE_CLASS}>{EMPTY_CART}</p>
        <p className={markup.EMPTY_CART_HINT_CLASS}>{markup.EMPTY_CART_HINT}</p>
        <a href="/products" className={markup.BROWSE_LINK_CLASS}>
          {BROWSE_PRODUCTS}
        </a>
      </div>
    );
  } else {
    content = (
      <div {...{ [markup.CART_SCREEN_ATTRIBUTE]: '' }} className={markup.CART_GRID_CLASS}>
        <section aria-label={markup.LINES_SECTION_LABEL} className={markup.LINES_SECTION_CLASS}>
          <ul className={markup.LINES_LIST_CLASS}>
            {lines.map((line) => (
              <CartLineRow
                key={line.product.id}
                line={line}
                availability={availabilityOf(line, gone)}
                prescriptionLink={line.prescriptionFileUrl ? prescriptionLinks[line.prescriptionFileUrl] : undefined}
                onUploadPrescription={openPrescriptionDialog}
              />
            ))}
          </ul>
          <div className={markup.LINES_ACTIONS_CLASS}>
            <a href="/products" className={markup.CONTINUE_LINK_CLASS}>
              {CONTINUE_SHOPPING}
            </a>
            <button type="button" onClick={clearCart} className={markup.CLEAR_BUTTON_CLASS}>
              {CLEAR_CART}
            </button>
          </div>
        </section>

        <section aria-labelledby={markup.SUMMARY_HEADING_ID} className={markup.SUMMARY_CLASS}>
          <h2 id={markup.SUMMARY_HEADING_ID} className={markup.SUMMARY_HEADING_CLASS}>
            {ORDER_SUMMARY}
          </h2>
          <dl className={markup.SUMMARY_LIST_CLASS}>
            <div className={markup.SUMMARY_ROW_CLASS}>
              <dt>{markup.subtotalLabel(units)}</dt>
              <dd>{formatRupees(totalRupees)}</dd>
            </div>
            <div className={markup.SUMMARY_ROW_CLASS}>
              <dt>{markup.DELIVERY_FEE_LABEL}</dt>
              <dd className={markup.DELIVERY_FEE_CLASS}>{DELIVERY_FREE}</dd>
            </div>
            <div className={markup.SUMMARY_TOTAL_ROW_CLASS}>
              <dt>{markup.TOTAL_LABEL}</dt>
              <dd>{formatRupees(totalRupees)}</dd>
            </div>
          </dl>
          <p className={markup.ESTIMATE_CLASS}>{ESTIMATED_DELIVERY}</p>
          {readiness === 'unavailable-lines' && <p className={markup.UNAVAILABLE_NOTICE_CLASS}>{UNAVAILABLE_LINES_NOTICE}</p>}
          {pendingLines.length > 0 && <p className={markup.PENDING_NOTICE_CLASS}>{PRESCRIPTION_PENDING_NOTICE}</p>}
          <CheckoutSlot
            readiness={readiness}
            prescriptionPending={pendingLines.length > 0}
            onUploadPrescription={openPrescriptionDialog}
            {...checkout}
          />
        </section>
      </div>
    );
  }

  return (
    <>
      {children}
      {content}
      {dialogWanted && (
        <Suspense fallback={null}>
          <PrescriptionDialog
            open={dialogOpen}
            itemNames={pendingLines.map((line) => line.product.name)}
            onClose={closePrescriptionDialog}
            readCart={() => $cart.get()}
            attachPrescription={(productId, fileReference) => setPrescription(productId, true, fileReference)}
          />
        </Suspense>
      )}
      {!dialogOpen && <Toaster />}
    </>
  );
}
