import { isOrderNumber } from '../../domain/order-status';
import { takePlacedOrderNote } from '../../lib/placed-order-note';
import { followToastsOutsideIslands } from '../../lib/browser/page-toast';
import { showToast } from '../../lib/browser/toast';
import { nextTask } from '../../lib/browser/dom';
import { loadOrder, requestCancel, signedInAccessToken, type OrderLoad } from './order-client';
import { showParcel } from '../shipping/public-order-page';
import { cannotShowScreen, loadFailedScreen, loadingScreen, notFoundScreen, orderDetails, placedBanner } from './order-screen';
import { orderAddress } from './order-request';
import { refillSection } from './refill-section';
import { orderRecordSchema, type OrderRecord } from '../../domain/order-view';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { noteFirstAction, pageDrawn } from '../../lib/browser/session-after-draw';

/**
 * /orders/<order number>: one prebuilt page; the number and the guest key come from the address.
 * The page's script: it takes the answer of the call the head's inline script started for a guest
 * (or reads the order itself: order-client.ts) and draws it in plain DOM, so a guest on a phone sees
 * the order after one call and one small script (no React, no supabase-js). A signed-in customer's
 * page reads with the stored token while it is fresh and starts supabase-js once the order is drawn.
 */
export function showOrderPage(holder: HTMLElement): void {
  noteFirstAction(holder);
  const address = orderAddress(window.location.href);
  const { orderNumber, key } = address;
  const screen = document.createElement('div');

  // Opened by the cart the moment the order was paid or placed: its news shows here, once.
  const placed = takePlacedOrderNote(window.sessionStorage, orderNumber);
  holder.replaceChildren(...(placed ? [placedBanner(placed.message, placed.orderNumber)] : []), screen);
  if (placed) {
    followToastsOutsideIslands();
    showToast('success', placed.toast);
  }

  const draw = (record: OrderRecord, signedIn: boolean, reminders: unknown[] | null) => {
    // A parcel booked with the courier: its block fills in after the order is on screen.
    const parcel = document.createElement('div');
    if (['shipped', 'delivered', 'returned'].includes(record.order.status)) void signedInAccessToken().then((token) => showParcel(parcel, orderNumber, key ?? null, token));
    screen.replaceChildren(
      orderDetails(record, {
        signedIn,
        orderKey: key ?? null,
        refills: signedIn && !['cancelled', 'returned'].includes(record.order.status) ? refillSection(record, reminders) : null,
        cancel: async (choice) => {
          const answer = await requestCancel({ orderNumber, ...(key ? { key } : {}), reason: choice.reason, ...(choice.reason === 'other' ? { otherReason: choice.otherReason } : {}) });
          if ('error' in answer) return answer.error;
          // Redrawn once the dialog has closed (its own step after this answer), so the modal is released first.
          setTimeout(() => draw(answer.record, signedIn, null));
          return null;
        },
      }),
      parcel,
    );
  };
  const show = (load: OrderLoad) => {
    if (load.kind === 'shown') draw(load.record, load.signedIn, load.reminders);
    else screen.replaceChildren(load.kind === 'not-found' ? notFoundScreen() : cannotShowScreen(orderNumber));
  };

  if (!isOrderNumber(orderNumber)) {
    show({ kind: 'not-found' });
    return pageDrawn(holder);
  }
  // The payment's reply carried the order: drawn at once, with no call of its own.
  const carried = orderRecordSchema.safeParse(placed?.record);
  if (carried.success && carried.data.order.order_number === orderNumber) {
    draw(carried.data, hasStoredSession(), null);
    return pageDrawn(holder);
  }
  screen.replaceChildren(loadingScreen());
  loadOrder(address)
    .then(async (load) => {
      await nextTask();
      show(load);
    }, () => screen.replaceChildren(loadFailedScreen()))
    .finally(() => pageDrawn(holder));
}
