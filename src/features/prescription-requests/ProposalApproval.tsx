import { PUBLIC_PAYMENT_METHODS } from 'astro:env/client';
import { useMemo, useReducer, useState } from 'react';
import type { CartLine } from '../../domain/cart-line';
import { formatRupees } from '../../domain/money';
import { collectedOnDelivery, paymentMethodsFrom, type PaymentMethod } from '../../domain/payment-methods';
import type { CartProduct } from '../../domain/product';
import { catalogueLookup } from '../cart/public';
import { BROWSER_PAYMENT_ADAPTERS, browserCheckoutContext, busyLabelOf, checkoutReducer, initialCheckoutState, paymentApi, type BrowserPaymentContext } from '../checkout/public';
import { PaymentPanels } from '../checkout/PaymentPanels';
import { requestPagePath, type RequestView } from '../../domain/prescription-request-contract';
import { prescriptionRequest } from '../../domain/strings/english/prescriptionRequest';
import { paymentMethods } from '../../domain/strings/english/paymentMethods';
import { fill } from '../../domain/strings/format';
import { pageText } from '../../lib/browser/page-text';

// The page's words (the request page draws only in the browser): English's, or the page's own language's.
const text = pageText('prescriptionRequest', prescriptionRequest);
const methodNames = pageText('paymentMethods', paymentMethods);

type Line = RequestView['lines'][number];

/** The methods this page offers: the build's (PhonePe's return trip comes back to this page, not to /cart). */
const METHODS = paymentMethodsFrom(PUBLIC_PAYMENT_METHODS);

/** Today's card of a line's product, from the cart's lookup (one request per card file for all the lines). */
async function cartProductOf(lookUp: ReturnType<typeof catalogueLookup>, productId: number): Promise<CartProduct> {
  const lookup = await lookUp(productId);
  if (lookup.status !== 'found') throw new Error(text.medicineNotLoaded);
  return lookup.product;
}

/**
 * The pharmacist's proposal: the customer keeps, lowers or removes lines (never above what was
 * proposed; the server refuses that too) and pays through the checkout's own flows, with the request
 * named so the server takes its address and reviewed prescription.
 */
export default function ProposalApproval({ request, number, requestKey }: { request: RequestView; number: string; requestKey: string | null }) {
  const proposed = request.lines.filter((line) => line.line_status === 'proposed' && line.product_id !== null);
  const unfilled = request.lines.filter((line) => line.line_status !== 'proposed');
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(proposed.map((line) => [line.product_id!, line.prescribed_quantity])));
  // Proposed lines switched to their cheaper substitute of the same salt, by proposed product id.
  const [switched, setSwitched] = useState<ReadonlySet<number>>(new Set());
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const [sessionId] = useState(() => crypto.randomUUID());
  const kept = proposed.filter((line) => (quantities[line.product_id!] ?? 0) > 0);
  const chosen = (line: Line) => (line.substitute && switched.has(line.product_id!) ? { product_id: line.substitute.product_id, price_paise: line.substitute.price_paise, cod_available: line.substitute.cod_available } : line);
  const totalPaise = kept.reduce((sum, line) => sum + (chosen(line).price_paise ?? 0) * quantities[line.product_id!]!, 0);
  // A method the courier collects is offered only when every kept line (as chosen) allows it.
  const offered = METHODS.filter((method) => !collectedOnDelivery(method) || kept.every((line) => chosen(line).cod_available));
  const toggleSwitch = (line: Line) =>
    setSwitched((current) => {
      const next = new Set(current);
      if (!next.delete(line.product_id!)) next.add(line.product_id!);
      return next;
    });

  const setQuantity = (line: Line, quantity: number) => setQuantities((current) => ({ ...current, [line.product_id!]: Math.max(0, Math.min(quantity, line.prescribed_quantity)) }));

  const reference = useMemo(() => ({ number, ...(requestKey ? { key: requestKey } : {}) }), [number, requestKey]);

  async function pay(method: PaymentMethod) {
    let items: CartLine[];
    const lookUp = catalogueLookup();
    try {
      items = await Promise.all(
        kept.map(async (line) => ({ product: await cartProductOf(lookUp, chosen(line).product_id!), quantity: quantities[line.product_id!]!, prescriptionAccepted: true, prescriptionFileUrl: null })),
      );
    } catch (error) {
      dispatch({ type: 'failed', reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    const context: BrowserPaymentContext = {
      ...browserCheckoutContext(dispatch),
      api: {
        ...paymentApi,
        createRazorpayOrder: (body) => paymentApi.createRazorpayOrder({ ...body, prescriptionRequest: reference }),
        createCodOrder: (body) => paymentApi.createCodOrder({ ...body, prescriptionRequest: reference }),
        createPhonePePayment: (body, merchantTransactionId) => paymentApi.createPhonePePayment({ ...body, prescriptionRequest: reference }, merchantTransactionId),
      },
      // Back from PhonePe to this page (RequestPage verifies there), never to /cart.
      returnPath: requestPagePath(number, requestKey ?? undefined),
      cart: () => ({ items, sessionId }),
      // The shopping cart is not what was paid for here: it stays as it is.
      clearCart: () => {},
      delivery: () => request.delivery,
    };
    await BROWSER_PAYMENT_ADAPTERS[method].pay(context);
  }

  const busy = busyLabelOf(state);
  const busyMethod = state.status === 'processing' || state.status === 'verifying' ? state.method : null;
  const firstOnline = offered.find((method) => !collectedOnDelivery(method));
  return (
    <section aria-labelledby="proposal-heading" className="space-y-4">
      <h2 id="proposal-heading" className="text-xl font-semibold text-gray-900">
        {text.proposalHeading}
      </h2>
      <PaymentPanels
        state={state}
        onRetry={kept.length > 0 && offered[0] ? () => void pay(offered[0]!) : null}
        onCheckAgain={() => window.location.reload()}
        onAction={(action) => {
          dispatch({ type: 'failure-hidden' });
          if (action.kind === 'remove-line') setQuantities((current) => ({ ...current, [action.productId]: 0 }));
          else window.location.reload();
        }}
      />
      <ul aria-label={text.proposedMedicines} className="divide-y divide-gray-200 rounded-md border border-gray-200">
        {proposed.map((line) => {
          const quantity = quantities[line.product_id!] ?? 0;
          return (
            <li key={line.product_id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div>
                <p className={`font-medium ${quantity === 0 ? 'text-gray-500 line-through' : 'text-gray-900'}`}>{line.name}</p>
                <p className="text-sm text-gray-700">
                  {line.price_paise === null ? text.noLongerSold : fill(text.priceEach, { price: formatRupees(line.price_paise) })}
                  {line.mrp_paise !== null && line.price_paise !== null && line.mrp_paise > line.price_paise && <span className="ml-2 text-gray-500 line-through">{fill(text.mrp, { price: formatRupees(line.mrp_paise) })}</span>}
                  <span className="ml-2">{fill(text.prescribedQuantity, { count: line.prescribed_quantity })}</span>
                </p>
                {line.substitute && line.price_paise !== null && quantity > 0 && (
                  <p className="mt-1 text-sm text-teal-800">
                    {switched.has(line.product_id!)
                      ? fill(text.switchedTo, { name: line.substitute.name, saving: formatRupees((line.price_paise - line.substitute.price_paise) * quantity) })
                      : fill(text.substituteOffer, { name: line.substitute.name, each: formatRupees(line.substitute.price_paise), saving: formatRupees((line.price_paise - line.substitute.price_paise) * quantity) })}{' '}
                    <button type="button" onClick={() => toggleSwitch(line)} className="ml-1 underline">
                      {switched.has(line.product_id!) ? fill(text.keepProposed, { name: line.name }) : fill(text.switchTo, { name: line.substitute.name })}
                    </button>
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2">
                {quantity > 0 ? (
                  <>
                    <label className="text-sm" htmlFor={`rx-quantity-${line.product_id}`}>
                      {text.quantity}
                    </label>
                    <select
                      id={`rx-quantity-${line.product_id}`}
                      aria-label={fill(text.quantityOf, { name: line.name })}
                      value={quantity}
                      onChange={(event) => setQuantity(line, Number(event.target.value))}
                      className="rounded-md border border-gray-300 px-2 py-1"
                    >
                      {Array.from({ length: line.prescribed_quantity }, (_, index) => index + 1).map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                    <button type="button" onClick={() => setQuantity(line, 0)} className="rounded-md border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50">
                      {text.removeLine} {line.name}
                    </button>
                  </>
                ) : (
                  <button type="button" onClick={() => setQuantity(line, line.prescribed_quantity)} className="rounded-md border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50">
                    {text.restoreLine} {line.name}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {unfilled.length > 0 && (
        <div>
          <h3 className="font-semibold text-gray-900">{text.notSuppliedHeading}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-gray-800">
            {unfilled.map((line, index) => (
              <li key={index}>
                {line.name}: {line.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-lg font-semibold text-gray-900">{fill(text.total, { total: formatRupees(totalPaise) })}</p>
      {kept.length === 0 ? (
        <p role="status" className="text-gray-800">{text.nothingKept}</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {offered.map((method) =>
            collectedOnDelivery(method) ? (
              <button key={method} type="button" disabled={busy !== null} onClick={() => void pay(method)} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60">
                {text.cashOnDelivery}
              </button>
            ) : (
              <button key={method} type="button" disabled={busy !== null} onClick={() => void pay(method)} className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
                {busyMethod === method ? busy : method === firstOnline ? text.approveAndPay : fill(text.approveAndPayWith, { method: methodNames[method] })}
              </button>
            ),
          )}
        </div>
      )}
      <p className="text-sm text-gray-600">{text.goesToRequestAddress}</p>
    </section>
  );
}
