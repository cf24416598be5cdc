import { delivery } from './strings/english/delivery';

/**
 * The WhatsApp opt-in as the customer reads it at checkout and in the account; the wording is
 * stored with each consent, so what was agreed to is on record. Kept apart from messages.ts,
 * which /cart must not load.
 */
export const WHATSAPP_OPT_IN_LABEL = delivery.whatsappOptIn;
export const WHATSAPP_OPT_IN_DETAIL = delivery.whatsappOptInDetail;
export const WHATSAPP_OPT_IN_WORDING = `${WHATSAPP_OPT_IN_LABEL}: ${WHATSAPP_OPT_IN_DETAIL}`;
