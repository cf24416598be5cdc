import type { PaymentMethod } from '../../../domain/payment-contract';
import { providerEnv, type ServerEnv } from './env';
import { createCodProvider } from './cod-provider';
import { createPhonePeProvider } from './phonepe-provider';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay-provider';

// Each adapter has its own request shapes; the skeleton only passes what the adapter's own schemas parsed.
export type AnyPaymentProvider = PaymentProvider<any, any>;

export type ProviderName = PaymentMethod;
/** The methods this deployment takes: cash on delivery always, an online provider only when its secrets are set. */
export type PaymentProviders = Partial<Record<ProviderName, AnyPaymentProvider>> & { cod: AnyPaymentProvider };

/**
 * Every payment method of the domain's list with its adapter, each built from its own provider's
 * env only. Adding one is its name in PAYMENT_METHODS, an adapter module and a line here.
 */
export function buildProviders(env: ServerEnv, fetcher: typeof fetch): PaymentProviders {
  const razorpay = providerEnv(env, 'razorpay');
  const phonepe = providerEnv(env, 'phonepe');
  return {
    cod: createCodProvider(),
    ...(razorpay && { razorpay: createRazorpayProvider(razorpay, fetcher) }),
    ...(phonepe && { phonepe: createPhonePeProvider(phonepe, fetcher) }),
  };
}
