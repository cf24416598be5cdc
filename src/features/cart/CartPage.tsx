import { useStore } from '@nanostores/react';
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Toaster } from '../../lib/browser/Toaster';
import { $prescriptionLinks } from '../prescriptions/public';
import { $cartStock, $goneProductIds, refreshCartOnArrival } from './cart-availability';
import { $cart, setPrescription } from './cart-store';
import { $prescriptionDialogOpening, closePrescriptionDialog, openPrescriptionDialog } from './prescription-request';
import { handOverFirstScreen } from './cart-first-screen';
import type { CartScreenState } from './cart-screen-view';
import { CartScreen } from './CartScreen';
import { writeTap } from './cart-taps';
import { OFFERED_PAYMENT_METHODS } from './offered-methods';
import { $paymentMethod, type PaymentMethod, type UnavailableMethods } from './payment-method';
import { $appliedCoupon, couponFor } from './applied-coupon';

// The upload dialog and its upload code load when the customer first asks for it.
const PrescriptionDialog = lazy(() =>
  import('../prescriptions/PrescriptionDialog').then(({ PrescriptionDialog }) => ({ default: PrescriptionDialog })),
);

/**
 * The boundary between the cart and the payment step. The payment step plugs in through these
 * props: `onProceed(method)` runs when a ready cart is sent to payment, `busyLabel` replaces the
 * button text while it works.
 */
export interface CheckoutHandlers {
  /** Starts payment with the chosen method. */
  onProceed(method: PaymentMethod): void;
  /** While set, the button shows it and is disabled, e.g. 'Processing Razorpay Payment...'. */
  busyLabel?: string | null;
  /** The delivery details, shown above the payment methods. */
  deliveryStep?: ReactNode;
  /** Methods this order cannot use, each with the reason shown beside it. */
  unavailableMethods?: UnavailableMethods;
  /** Set while the order cannot be paid for (e.g. a PIN code we don't deliver to); the cart stays as it is. */
  paymentBlocked?: boolean;
}

export interface CartPageProps extends CheckoutHandlers {
  /** The payment step's panels (success, failure with 'Retry Payment'), shown above the cart. */
  children?: ReactNode;
}

/** The /cart island: the lines, the order summary, the way to payment and the prescription dialog. */
export default function CartPage({ children, onProceed, busyLabel = null, deliveryStep, unavailableMethods = {}, paymentBlocked = false }: CartPageProps) {
  const cart = useStore($cart);
  const gone = useStore($goneProductIds);
  const stock = useStore($cartStock);
  const prescriptionLinks = useStore($prescriptionLinks);
  const method = useStore($paymentMethod);
  const dialogOpening = useStore($prescriptionDialogOpening);
  const appliedCoupon = useStore($appliedCoupon);
  const dialogOpen = dialogOpening > 0;
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
  const pendingLines = lines.filter((line) => !line.prescriptionAccepted);

  const onTap = (key: string) => {
    if (writeTap(key)) return;
    if (key.startsWith('upload:') || (key === 'proceed' && pendingLines.length > 0)) openPrescriptionDialog();
    else if (key === 'proceed') onProceed($paymentMethod.get());
  };

  const state: CartScreenState = { lines, gone, stock, prescriptionLinks, method, offered: OFFERED_PAYMENT_METHODS, unavailableMethods, busyLabel, paymentBlocked, coupon: couponFor(lines, appliedCoupon) };

  return (
    <>
      {children}
      {hydrated && <CartScreen state={state} onTap={onTap} deliveryStep={deliveryStep} />}
      {dialogWanted && (
        <Suspense fallback={null}>
          <PrescriptionDialog
            opening={dialogOpening}
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
