/** What the order functions (src/features/orders/server) use of the payment pipeline, and how they wire it. */
export { buildProviders, paymentRules, reconciledMethods, type PaymentProviders } from './providers';
export type { PaymentOutcome } from './provider';
export { REFUND_ROW_STATES, type Refund } from './refund';
export type { StoredOrder } from './order-store';
export { partialProviderIssues, presentEnv, serverEnvSchema, type ServerEnv } from './env';
export { API_SECURITY_HEADERS, CheckoutRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from './http';
export { buildDependencies, type CheckoutDependencies } from './dependencies';
export { catalogueIndexFiles } from './catalogue-index';
export { inMemoryReorderIndex, reorderIndexFiles, type ReorderIndex } from './reorder-index';
export { paymentHandler, runDetached, type AfterReply, type PaymentStep } from './payment-handlers';
