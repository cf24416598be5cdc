import type { PaymentMethod } from '../../../domain/payment-methods';
import type { ServerEnv } from './env';
import { codMethod } from './cod-provider';
import { phonePeMethod } from './phonepe-provider';
import type { ConnectedPaymentMethod, PaymentMethodRules, ServerPaymentMethod } from './provider';
import { razorpayMethod } from './razorpay-provider';

export type { AnyPaymentProvider, ConnectedPaymentMethod, PaymentMethodRules, ServerPaymentMethod } from './provider';

/** Server adapters by the value orders.provider stores. */
export type PaymentRegistry = Readonly<Record<string, ServerPaymentMethod>>;

/**
 * The server adapter of every payment method, keyed by the payment table (src/domain/payment-methods.ts):
 * a method added there fails to compile until its adapter is here. A real method is its row in the
 * table, its adapter modules (server and browser), its line here and in PAYMENT_SECRETS, its
 * functions, and one migration line for the SQL's orders_provider_check (README, Payment providers).
 */
export const PAYMENT_REGISTRY = {
  razorpay: razorpayMethod,
  phonepe: phonePeMethod,
  cod: codMethod,
} as const satisfies Record<PaymentMethod, ServerPaymentMethod>;

/**
 * The extension point: a registry with one more method (a test's fake, say), every table method
 * kept. Dependencies built from it (buildProviders' third argument) take, refund, mail and
 * reconcile the added method like the table's own while it is connected; its rules are read from
 * its connected adapter, since only PAYMENT_REGISTRY's methods are known without one.
 */
export const withPaymentMethod = (registry: PaymentRegistry, value: string, method: ServerPaymentMethod): PaymentRegistry => ({ ...registry, [value]: method });

/** The methods this deployment takes, by stored value: cash on delivery always, an online one once its secrets are set. */
export type PaymentProviders = Readonly<Partial<Record<string, ConnectedPaymentMethod>>>;

/** Every method of the registry whose secrets are set, each built from its own provider's env only. */
export function buildProviders(env: ServerEnv, fetcher: typeof fetch, registry: PaymentRegistry = PAYMENT_REGISTRY): PaymentProviders {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([value, method]) => {
      const adapter = method.connect(env, fetcher);
      const rules: PaymentMethodRules = { label: method.label, refundsOnline: method.refundsOnline, reconciled: method.reconciled };
      return adapter ? [[value, { ...adapter, ...rules }]] : [];
    }),
  );
}

/**
 * A stored order's method rules: its connected adapter's, else the registry's (a method this
 * deployment no longer takes still has orders). Throws for a value neither knows: the SQL allows only the table's.
 */
export function paymentRules(providers: PaymentProviders, method: string): PaymentMethodRules {
  const known: PaymentMethodRules | undefined = providers[method] ?? (PAYMENT_REGISTRY as PaymentRegistry)[method];
  if (!known) throw new Error(`unknown payment method ${method}`);
  return known;
}

/** The methods whose pending payments reconciliation asks about: the registry's and the connected ones with that rule. */
export function reconciledMethods(providers: PaymentProviders): string[] {
  const known = new Set([...Object.keys(PAYMENT_REGISTRY), ...Object.keys(providers)]);
  return [...known].filter((method) => paymentRules(providers, method).reconciled);
}
