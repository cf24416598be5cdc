import type { PaymentMethod } from '../../../domain/payment-contract';
import type { ServerEnv } from './env';
import { createCodProvider } from './cod-provider';
import { createPhonePeProvider } from './phonepe-provider';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay-provider';

// Each adapter has its own request shapes; the skeleton only passes what the adapter's own schemas parsed.
export type AnyPaymentProvider = PaymentProvider<any, any>;

/**
 * Every payment method of the domain's list with its adapter. Adding one is its name in
 * PAYMENT_METHODS, an adapter module and a line here.
 */
export const PAYMENT_PROVIDERS = {
  razorpay: createRazorpayProvider,
  phonepe: createPhonePeProvider,
  cod: createCodProvider,
} satisfies Record<PaymentMethod, (env: ServerEnv, fetcher: typeof fetch) => AnyPaymentProvider>;

export type ProviderName = PaymentMethod;
export type PaymentProviders = Record<ProviderName, AnyPaymentProvider>;

export function buildProviders(env: ServerEnv, fetcher: typeof fetch): PaymentProviders {
  const entries = Object.entries(PAYMENT_PROVIDERS).map(([name, create]) => [name, create(env, fetcher)]);
  return Object.fromEntries(entries) as PaymentProviders;
}
