import type { DeliveryField } from './delivery-form';

export const DELIVERY_DETAILS = 'Delivery details';
export const DELIVER_TO = 'Deliver to';
export const ADD_NEW_ADDRESS = 'Add a new address';
export const LOADING_ADDRESSES = 'Loading your addresses…';
/** Shown beside cash on delivery until a PIN code we deliver to is known. */
export const COD_NEEDS_PIN_CODE = 'Enter your PIN code to see if cash on delivery is available';

export const FIELD_LABELS: Record<DeliveryField, string> = {
  full_name: 'Full name',
  mobile: 'Mobile number (+91)',
  line1: 'Flat / house no. and street',
  area: 'Area / locality',
  landmark: 'Landmark (optional)',
  city: 'Town / city',
  state: 'State',
  pin_code: 'PIN code',
  email: 'Email for order updates',
};
