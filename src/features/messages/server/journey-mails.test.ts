import { describe, expect, it } from 'vitest';
import { renderSms } from '../../../domain/messages';
import type { OrderRow } from '../../../domain/order-view';
import { composeOrderMail, orderPhoneValues } from './order-messages';

// The courier's journey in the customer's mail and SMS (issue 39): out for delivery, a failed
// attempt with the courier's reason, returned undelivered (refunded or nothing charged), a return
// pickup with its day; in Hindi too (issue 40).

const order: OrderRow & { courier_name: string; tracking_number: string } = {
  id: '5b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  order_number: 'MK-2611-000123',
  created_at: '2026-11-23T06:30:00Z',
  status: 'shipped',
  payment_status: 'paid',
  provider: 'razorpay',
  provider_order_id: 'order_1',
  provider_payment_id: 'pay_1',
  amount_paise: 6020,
  lines: [{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 2 }],
  courier_name: 'Delhivery Surface',
  tracking_number: '19041400000001',
};
const link = 'https://medikart.in/orders/MK-2611-000123?key=abc';
const news = { failureReason: 'Consignee not available', pickupDay: 'Mon, 30 Nov' };

describe('the journey’s mails', () => {
  it('out for delivery, a failed attempt with the reason, a return pickup with its day', () => {
    expect(composeOrderMail('order_out_for_delivery', order, link, true, [], 'en', news)).toMatchObject({ subject: 'Your MediKart order MK-2611-000123 is out for delivery today' });
    expect(composeOrderMail('order_delivery_failed', order, link, true, [], 'en', news).text).toContain('The courier could not deliver your order (Consignee not available).');
    expect(composeOrderMail('order_return_pickup', order, link, true, [], 'en', news).text).toContain('A courier will collect your return on Mon, 30 Nov.');
  });

  it('returned undelivered: a refund when paid online, nothing to pay for cash on delivery', () => {
    expect(composeOrderMail('order_returned_to_origin', order, link, true, [], 'en', news).text).toContain('is being refunded');
    expect(composeOrderMail('order_returned_to_origin', { ...order, provider: 'cod', payment_status: 'pending' }, link, false, [], 'en', news).text).toContain('Nothing was charged');
  });

  it('in Hindi, with the courier\'s reason and the pickup day as the message carries them', () => {
    expect(composeOrderMail('order_out_for_delivery', order, link, true, [], 'hi', news).subject).toBe('आपका MediKart ऑर्डर MK-2611-000123 आज डिलीवरी के लिए निकला है');
    expect(composeOrderMail('order_delivery_failed', order, link, true, [], 'hi', news).text).toContain('कूरियर आपका ऑर्डर नहीं पहुँचा सका (Consignee not available)।');
    expect(composeOrderMail('order_return_pickup', order, link, true, [], 'hi', { ...news, pickupDay: 'सोम, 30 नव॰' }).text).toContain('कूरियर सोम, 30 नव॰ को आपका रिटर्न लेने आएगा।');
    expect(composeOrderMail('order_returned_to_origin', { ...order, provider: 'cod', payment_status: 'pending' }, link, false, [], 'hi', news).text).toContain('कोई पैसा नहीं लिया गया');
  });

  it('the SMS carries the courier’s reason and the pickup day', () => {
    const { language: _language, ...facts } = { ...order, user_id: null, language: 'en' };
    expect(renderSms('order_delivery_failed', orderPhoneValues('order_delivery_failed', facts, [], 'en', news), 'https://m.in/s/o/x')).toBe('MediKart: order MK-2611-000123 not delivered (Consignee not available). Reattempt: https://m.in/s/o/x');
    expect(orderPhoneValues('order_return_pickup', facts, [], 'en', news)).toEqual(['MK-2611-000123', 'Mon, 30 Nov']);
  });
});

describe('the shipped mail’s invoice link', () => {
  it('opens the invoice page in the language of the order page it is made from', () => {
    expect(composeOrderMail('order_shipped', order, link, true, [], 'en').text).toContain('https://medikart.in/orders/invoice?number=MK-2611-000123&key=abc');
    const hindiLink = 'https://medikart.in/hi/orders/MK-2611-000123?key=abc';
    expect(composeOrderMail('order_shipped', order, hindiLink, true, [], 'hi').text).toContain('https://medikart.in/hi/orders/invoice?number=MK-2611-000123&key=abc');
  });
});
