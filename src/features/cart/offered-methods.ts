import { PUBLIC_PAYMENT_METHODS } from 'astro:env/client';
import { paymentMethodsFrom } from '../../domain/payment-methods';

/** The methods this build's checkout offers (a provider without its secrets is not listed at all); the first is the default. */
export const OFFERED_PAYMENT_METHODS = paymentMethodsFrom(PUBLIC_PAYMENT_METHODS);
