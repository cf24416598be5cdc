/** The delivery step's state, read by the payment step; the form itself is DeliveryStep.tsx. */
export { $deliveryStep, $whatsappUpdates, showDeliveryErrors, unavailableMethodsOf, type DeliveryStepState } from './delivery-step';
