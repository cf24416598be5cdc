/** What other features' server code uses of shipping. */
export { serverDeliveryChecker, shippingDependencies, type ShippingDependencies } from './production';
