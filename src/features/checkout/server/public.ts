/** What the order functions (src/features/orders/server) use of the payment pipeline. */
export { buildProviders, type PaymentProviders, type ProviderName } from './providers';
export type { PaymentOutcome, Refund } from './provider';
export type { StoredOrder } from './order-store';
export { serverEnvSchema, type ServerEnv } from './env';
export { CheckoutRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from './http';
