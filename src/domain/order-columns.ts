/*
 * Kept apart from order-view.ts (and zod) so the order page's inline head script can read with them too.
 */

/** The columns the page reads; the function selects the same ones for a guest. */
export const ORDER_PAGE_COLUMNS =
  'id, order_number, created_at, status, payment_status, provider, provider_order_id, provider_payment_id, amount_paise, lines, ' +
  'delivery_name, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code, promised_delivery_date';
export const ORDER_EVENT_COLUMNS = 'kind, from_status, to_status, actor_role, note, at';
export const REFUND_COLUMNS = 'amount_paise, state, reason, kind, created_at';
export const LINE_DECISION_COLUMNS = 'line_index, decision, reason, note, pharmacist_name';
