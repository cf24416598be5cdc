import type { DeliveryField } from './delivery-form';
import { delivery as englishDelivery } from '../../domain/strings/english/delivery';
import type { StringTable } from '../../domain/strings/table';

const text = englishDelivery;

/** Each delivery field's label in a language. */
export const fieldLabels = (delivery: StringTable['delivery']): Record<DeliveryField, string> => ({
  full_name: delivery.fullName,
  mobile: delivery.mobile,
  line1: delivery.line1,
  area: delivery.area,
  landmark: delivery.landmark,
  city: delivery.city,
  state: delivery.state,
  pin_code: delivery.pinCode,
  email: delivery.email,
});

export const FIELD_LABELS: Record<DeliveryField, string> = /* @__PURE__ */ fieldLabels(text);
