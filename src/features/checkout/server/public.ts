/** What other features' server code (orders, desk, reorder, prescription requests, messages) uses of the payment pipeline, and how they wire it. */
export { buildProviders, paymentRules, reconciledMethods, type PaymentProviders } from './providers';
export type { PaymentOutcome } from './provider';
export { REFUND_ROW_STATES, type Refund } from './refund';
export type { StoredOrder } from './order-store';
export { partialProviderIssues, presentEnv, serverEnvSchema, type ServerEnv } from './env';
export { buildDependencies, type CheckoutDependencies } from './dependencies';
export { catalogueIndexFiles, type CatalogueIndex } from './catalogue-index';
export { inMemoryReorderIndex, reorderIndexFiles, type ReorderIndex } from './reorder-index';
export { buyerFolder, identifyBuyer, type Buyer } from './buyer';
export { settleDelivery, type DeliveryChecker } from './order-delivery';
export { paymentHandler, runDetached, type AfterReply, type PaymentStep } from './payment-handlers';
export { couponCheckHandler } from './coupon-check';
