import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { Toaster } from '@/lib/Toaster';
import { $prescriptionLinks } from '@/features/prescriptions/public';
import { $checkoutReadiness, $goneProductIds, availabilityOf, refreshCartFromCatalogue } from './cart-availability';
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
  // The prebuilt HTML cannot know the cart: until hydrated it shows a stable loading line.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void refreshCartFromCatalogue();
  }, []);

  const lines = cart.items;
  const totalRupees = paiseToRupees(cartLinesTotalPaise(lines));
  const pendingLines = lines.filter((line) => !line.prescriptionAccepted);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);

  let content: ReactNode;
  if (!hydrated) {
    content = <p className="py-16 text-center text-gray-600">Loading your cart…</p>;
  } else if (lines.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-semibold text-gray-900">{EMPTY_CART}</p>
        <p className="text-gray-600">Add medicines from our catalogue to get started.</p>
        <a href="/products" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          {BROWSE_PRODUCTS}
        </a>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-label="Cart items" className="lg:col-span-2">
          <ul className="divide-y divide-gray-200 border-y border-gray-200">
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
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            <a href="/products" className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
              {CONTINUE_SHOPPING}
            </a>
            <button
              type="button"
              onClick={clearCart}
              className="rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            >
              {CLEAR_CART}
            </button>
          </div>
        </section>

        <section aria-labelledby="order-summary-heading" className="h-fit space-y-4 rounded-xl border border-gray-200 bg-gray-50 p-6">
          <h2 id="order-summary-heading" className="text-lg font-semibold text-gray-900">
            {ORDER_SUMMARY}
          </h2>
          <dl className="space-y-2 text-sm">
            <div className="flex justify-between">
              <dt>
                Subtotal ({units} {units === 1 ? 'item' : 'items'})
              </dt>
              <dd>{formatRupees(totalRupees)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Delivery Fee</dt>
              <dd className="font-semibold text-brand-700">{DELIVERY_FREE}</dd>
            </div>
            <div className="flex justify-between border-t border-gray-300 pt-2 text-base font-semibold">
              <dt>Total</dt>
              <dd>{formatRupees(totalRupees)}</dd>
            </div>
          </dl>
          <p className="text-sm text-gray-600">{ESTIMATED_DELIVERY}</p>
          {readiness === 'unavailable-lines' && <p className="text-sm font-medium text-red-700">{UNAVAILABLE_LINES_NOTICE}</p>}
          {pendingLines.length > 0 && <p className="text-sm font-medium text-amber-800">{PRESCRIPTION_PENDING_NOTICE}</p>}
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
