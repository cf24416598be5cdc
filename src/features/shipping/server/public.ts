/** What other features' server code uses of shipping. */
export { dispatchDependencies, serverDeliveryChecker, shippingDependencies, type ShippingDependencies } from './production';
export { bookParcel, bookReturnPickup, requestDayPickup, type BookedParcel, type DispatchDependencies, type PickupBatch } from './dispatch';
export { applyTrackingUpdate, handleCourierUpdate, handleParcel, handleReattempt, reconcileShipments, type ParcelView, type TrackingDependencies } from './tracking';
