/**
 * The WhatsApp opt-in as the customer reads it at checkout and in the account; the wording is
 * stored with each consent, so what was agreed to is on record. Kept apart from messages.ts,
 * which /cart must not load.
 */
export const WHATSAPP_OPT_IN_LABEL = 'Order updates on WhatsApp';
export const WHATSAPP_OPT_IN_DETAIL = 'Send my order and prescription updates to this mobile on WhatsApp. Reply STOP to end them.';
export const WHATSAPP_OPT_IN_WORDING = `${WHATSAPP_OPT_IN_LABEL}: ${WHATSAPP_OPT_IN_DETAIL}`;
