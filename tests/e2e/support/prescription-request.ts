import { randomUUID } from 'node:crypto';
import type { Product } from '../../../src/domain/product';
import { serviceClient } from './accounts';
import { ONE_PIXEL_PNG } from './cart';
import { codPinCode } from './fixture-delivery';

/** The seeded pharmacist, who signs every proposal made here. */
const PHARMACIST = { pharmacist_id: '33333333-3333-4333-8333-333333333333', pharmacist_name: 'Asha Rao', registration_number: 'KA-PH-004512' };

export interface ProposedRequest {
  id: string;
  requestNumber: string;
  /** The prescription photo in the private bucket, as the order made from the request carries it. */
  filePath: string;
}

/** A guest's prescription request with its photo, waiting for the pharmacist (status submitted). */
export async function submittedGuestRequest({ email, name }: { email: string; name: string }): Promise<Omit<ProposedRequest, 'filePath'>> {
  const session = randomUUID();
  const filePath = `guest-${session}/prescription.png`;
  const upload = await serviceClient.storage.from('prescriptions').upload(filePath, new Blob([ONE_PIXEL_PNG], { type: 'image/png' }));
  if (upload.error) throw upload.error;
  const submitted = await serviceClient
    .from('prescription_requests')
    .insert({
      guest_session_id: session,
      delivery_name: name,
      delivery_mobile: '+919845012345',
      delivery_email: email,
      delivery_line1: '12, 4th Cross, Indiranagar',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: codPinCode,
      delivery_zone_id: 'bengaluru-central',
    })
    .select('id, request_number')
    .single();
  if (submitted.error) throw submitted.error;
  const { id, request_number: requestNumber } = submitted.data as { id: string; request_number: string };
  const file = await serviceClient
    .from('prescription_request_files')
    .insert({ request_id: id, file_path: filePath, file_name: 'prescription.png', file_type: 'image/png', size_bytes: ONE_PIXEL_PNG.length });
  if (file.error) throw file.error;
  return { id, requestNumber };
}

/**
 * A guest's prescription request as the desk leaves it for the customer: a photo uploaded, reviewed,
 * and `quantity` packs of `product` proposed by the pharmacist. Made through the service client, for
 * specs about what the customer does next; the desk's own steps are prescription-request-desk.spec's.
 */
export async function proposedGuestRequest({ email, name, product, quantity = 2 }: { email: string; name: string; product: Product; quantity?: number }): Promise<ProposedRequest> {
  const session = randomUUID();
  const filePath = `guest-${session}/prescription.png`;
  const upload = await serviceClient.storage.from('prescriptions').upload(filePath, new Blob([ONE_PIXEL_PNG], { type: 'image/png' }));
  if (upload.error) throw upload.error;
  const submitted = await serviceClient
    .from('prescription_requests')
    .insert({
      guest_session_id: session,
      delivery_name: name,
      delivery_mobile: '+919845012345',
      delivery_email: email,
      delivery_line1: '12, 4th Cross, Indiranagar',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: codPinCode,
      delivery_zone_id: 'bengaluru-central',
    })
    .select('id, request_number')
    .single();
  if (submitted.error) throw submitted.error;
  const { id, request_number: requestNumber } = submitted.data as { id: string; request_number: string };
  // In the order the desk takes them: the request's status triggers check each step.
  for (const change of [
    () => serviceClient.from('prescription_request_files').insert({ request_id: id, file_path: filePath, file_name: 'prescription.png', file_type: 'image/png', size_bytes: ONE_PIXEL_PNG.length }),
    () => serviceClient.from('prescription_requests').update({ status: 'in_review' }).eq('id', id),
    () =>
      serviceClient
        .from('prescription_request_lines')
        .insert({ request_id: id, position: 0, product_id: product.id, name: product.name, line_status: 'proposed', prescribed_quantity: quantity, quantity }),
    () => serviceClient.from('prescription_requests').update({ status: 'proposed', ...PHARMACIST }).eq('id', id),
  ]) {
    const { error } = await change();
    if (error) throw error;
  }
  return { id, requestNumber, filePath };
}
