import { describe, expect, it } from 'vitest';
import { composeOrderMail } from './order-messages';
import { composeRefillMail } from './refill-messages';
import { composeRequestMail } from './request-messages';
import type { LineDecision, OrderRow } from '../../../domain/order-view';
import { messageKinds, messageTable } from '../../../domain/messages';
import { mailWordsIn } from './mail-words';

// The mails in the customer's language (issue 40): Hindi words around the order's own facts (the
// feed's medicine names, numbers, amounts), English for a language the messages are not written in.

const order: OrderRow & { courier_name: string; tracking_number: string } = {
  id: '5b0f2a7e-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  order_number: 'MK-2611-000123',
  created_at: '2026-11-23T06:30:00Z',
  status: 'shipped',
  payment_status: 'paid',
  provider: 'razorpay',
  provider_order_id: 'order_1',
  provider_payment_id: 'pay_1',
  amount_paise: 123450,
  lines: [
    { product_id: 1, name: 'Dolo 650 Tablet', unit_mrp_paise: 3200, unit_price_paise: 2900, quantity: 2 },
    { product_id: 2, name: 'Azithromycin 500mg Tablet', unit_mrp_paise: 11900, unit_price_paise: 11900, quantity: 1 },
  ],
  courier_name: 'Blue Dart',
  tracking_number: 'BD998877665IN',
};
const decisions: LineDecision[] = [
  { line_index: 0, decision: 'accepted', reason: null, note: null, pharmacist_name: 'Ravi Kumar' } as LineDecision,
  { line_index: 1, decision: 'rejected', reason: 'expired', note: null, pharmacist_name: 'Ravi Kumar' } as LineDecision,
];
const link = 'https://medikart.in/orders/MK-2611-000123?key=k';

describe('an order mail in Hindi', () => {
  it('says what happened, lists the lines with the feed\'s names, the total, the status and the links in Hindi', () => {
    const mail = composeOrderMail('order_shipped', order, link, true, decisions, 'hi');
    expect(mail.subject).toBe('आपका MediKart ऑर्डर MK-2611-000123 रास्ते में है');
    expect(mail.text.split('\n')).toEqual([
      'आपका ऑर्डर हमारी फ़ार्मेसी से निकल चुका है। आपका GST टैक्स इनवॉइस देखने और प्रिंट करने के लिए तैयार है।',
      'कूरियर: Blue Dart, ट्रैकिंग नंबर BD998877665IN',
      '',
      'ऑर्डर MK-2611-000123',
      '2 x Dolo 650 Tablet (₹29.00 प्रति): फ़ार्मासिस्ट Ravi Kumar ने पर्चा स्वीकार किया',
      '1 x Azithromycin 500mg Tablet (₹119.00 प्रति): आपके ऑर्डर से हटाई गई: पर्चे की अवधि खत्म',
      'कुल: ₹1,234.50',
      'स्थिति: भेज दिया गया, भुगतान हो गया',
      '',
      `अपना ऑर्डर ट्रैक करें: ${link}`,
      'आपका टैक्स इनवॉइस: https://medikart.in/orders/invoice?number=MK-2611-000123&key=k',
    ]);
    expect(mail.html).toContain('<a href="https://medikart.in/orders/MK-2611-000123?key=k">अपना ऑर्डर ट्रैक करें</a>');
  });

  it('promises a refund only where the order\'s method refunds online, as the English mail does', () => {
    expect(composeOrderMail('order_cancelled', order, link, true, [], 'hi').text).toContain('आपकी चुकाई रकम आपके मूल भुगतान माध्यम में लौटाई जा रही है।');
    expect(composeOrderMail('order_cancelled', order, link, false, [], 'hi').text).toContain('कोई पैसा नहीं लिया गया');
    expect(composeOrderMail('order_confirmation', order, link, true, [], 'hi').text).toContain('कुल: ₹1,234.50।');
  });

  it('is English for a language the messages are not written in', () => {
    expect(composeOrderMail('order_shipped', order, link, true, decisions, 'kn')).toEqual(composeOrderMail('order_shipped', order, link, true, decisions));
    expect(composeOrderMail('order_shipped', order, link, true, decisions).subject).toBe('Your MediKart order MK-2611-000123 is on its way');
  });
});

describe('request and refill mails in Hindi', () => {
  it('greets the customer, gives the pharmacist\'s reason and the request\'s status in Hindi', () => {
    const request = { request_number: 'RX-2611-000042', status: 'rejected' as const, delivery_name: 'Asha <Rao>', rejection_reason: 'The prescription is older than 6 months.' };
    const mail = composeRequestMail('request_rejected', request, 'https://medikart.in/prescription-request?number=RX-2611-000042&key=k', 'hi');
    expect(mail.subject).toBe('हमारे फ़ार्मासिस्ट अनुरोध RX-2611-000042 स्वीकार नहीं कर सके');
    expect(mail.text).toContain('हमारे फ़ार्मासिस्ट आपका पर्चा स्वीकार नहीं कर सके: The prescription is older than 6 months.');
    expect(mail.text).toContain('स्थिति: स्वीकार नहीं हुआ');
    expect(mail.html).toContain('प्रिय Asha &#60;Rao&#62;,');
  });

  it('writes the run-out day as Hindi writes dates', () => {
    const mail = composeRefillMail('Metformin 500mg Tablet', '2026-11-21', { reorder: 'https://medikart.in/reorder?r=1', stop: 'https://medikart.in/api/refills/stop?r=1' }, 'hi');
    expect(mail.subject).toBe('Metformin 500mg Tablet दोबारा मँगाने का समय');
    expect(mail.text).toContain('आपकी Metformin 500mg Tablet शनिवार, 21 नवंबर को खत्म हो जाएगी।');
    expect(mail.text).toContain('ये रिमाइंडर बंद करें: https://medikart.in/api/refills/stop?r=1');
  });
});

describe('the Hindi mails', () => {
  it('cover every order and request message kind (a new kind without them is mailed in English, and fails here)', () => {
    const hindi = mailWordsIn('hi');
    for (const kind of messageKinds) {
      const subject = messageTable[kind].subject;
      if (subject === 'order') expect((hindi.order.subjects as Record<string, string | undefined>)[kind], kind).toBeDefined();
      if (subject === 'request') expect((hindi.request.subjects as Record<string, string | undefined>)[kind], kind).toBeDefined();
    }
    expect(hindi.order.journey).toBeDefined();
  });
});
