import type { MessageLanguage } from '../../../message-language';

/**
 * The shop's messages in Hindi, each registered as its own DLT template (medikart_<kind>_hi) and
 * WhatsApp template (language hi). Devanagari makes an SMS UCS-2: 70 characters in one part, 67 a
 * part when split, so each text is kept within two parts with its values at their caps and the
 * longest short link (messages.test.ts); where that needs it, a value's cap is shorter than in
 * English. The brand, order numbers, amounts and the feed's medicine names stay as they are.
 */
const ORDER = { name: 'order number', max: 16 } as const;

const hi: MessageLanguage = {
  code: 'hi',
  locale: 'hi-IN-u-nu-latn',
  messages: {
    order_confirmation: {
      sms: 'MediKart: ऑर्डर {#var#} मिला। कुल ₹{#var#}। देखें: {#var#}',
      whatsapp: 'MediKart पर ऑर्डर {{1}} के लिए धन्यवाद। कुल: ₹{{2}}। हम आपको यहीं बताते रहेंगे।',
      button: 'अपना ऑर्डर देखें',
    },
    prescription_reviewed: {
      sms: 'MediKart: {#var#} का पर्चा जाँचा: {#var#}। {#var#}',
      whatsapp: 'हमारे फ़ार्मासिस्ट ने आपके ऑर्डर {{1}} का पर्चा जाँच लिया है: {{2}}।',
      button: 'अपना ऑर्डर देखें',
    },
    order_shipped: {
      sms: 'MediKart: {#var#} भेजा: {#var#}, AWB {#var#}। {#var#}',
      whatsapp: 'आपका MediKart ऑर्डर {{1}} हमारी फ़ार्मेसी से {{2}} द्वारा भेज दिया गया है, ट्रैकिंग नंबर {{3}}। आपका टैक्स इनवॉइस ऑर्डर पेज पर है।',
      button: 'ऑर्डर ट्रैक करें',
      variables: [ORDER, { name: 'courier', max: 12 }, { name: 'tracking number', max: 15 }],
    },
    order_delivered: {
      sms: 'MediKart: ऑर्डर {#var#} पहुँच गया। धन्यवाद! इनवॉइस और मदद: {#var#}',
      whatsapp: 'आपका MediKart ऑर्डर {{1}} पहुँच गया है। हमसे ऑर्डर करने के लिए धन्यवाद।',
      button: 'अपना ऑर्डर देखें',
    },
    order_out_for_delivery: {
      sms: 'MediKart: ऑर्डर {#var#} आज डिलीवरी पर निकला। फ़ोन चालू रखें: {#var#}',
      whatsapp: 'आपका MediKart ऑर्डर {{1}} आज डिलीवरी के लिए निकला है। कृपया फ़ोन चालू रखें; पता ढूँढने के लिए कूरियर आपको कॉल कर सकता है।',
      button: 'ऑर्डर ट्रैक करें',
    },
    order_delivery_failed: {
      sms: 'MediKart: {#var#} नहीं पहुँचा ({#var#})। फिर भेजें: {#var#}',
      whatsapp: 'कूरियर आपका MediKart ऑर्डर {{1}} नहीं पहुँचा सका: {{2}}। दोबारा भेजने के लिए अपना ऑर्डर खोलें; 3 कोशिशें नाकाम होने पर यह हमारे पास लौट आता है।',
      button: 'दोबारा भेजने को कहें',
      variables: [ORDER, { name: 'reason', max: 16 }],
    },
    order_returned_to_origin: {
      sms: 'MediKart: ऑर्डर {#var#} नहीं पहुँचा, हमारे पास लौटा। देखें: {#var#}',
      whatsapp: 'आपका MediKart ऑर्डर {{1}} पहुँचाया नहीं जा सका और हमारी फ़ार्मेसी में लौट आया है। ऑनलाइन चुकाई गई रकम आपके मूल भुगतान माध्यम में लौटाई जाती है।',
      button: 'अपना ऑर्डर देखें',
    },
    order_return_pickup: {
      sms: 'MediKart: {#var#} का रिटर्न पिकअप {#var#} को। देखें: {#var#}',
      whatsapp: 'कूरियर आपके MediKart ऑर्डर {{1}} का रिटर्न {{2}} को लेने आएगा। कृपया सामान बिना खोले उसके पैक में रखें; हमारे पास पहुँचने पर रिफ़ंड शुरू होगा।',
      button: 'अपना ऑर्डर देखें',
    },
    order_cancelled: {
      sms: 'MediKart: ऑर्डर {#var#} रद्द। ऑनलाइन भुगतान लौटेगा। देखें: {#var#}',
      whatsapp: 'आपका MediKart ऑर्डर {{1}} रद्द कर दिया गया है। ऑनलाइन चुकाई गई रकम आपके मूल भुगतान माध्यम में लौटाई जा रही है।',
      button: 'अपना ऑर्डर देखें',
    },
    refund_initiated: {
      sms: 'MediKart: ऑर्डर {#var#} का रिटर्न मिला, रिफ़ंड शुरू। {#var#}',
      whatsapp: 'हमें आपके MediKart ऑर्डर {{1}} का रिटर्न मिल गया है और आपके मूल भुगतान माध्यम में उसका रिफ़ंड शुरू कर दिया है। पूरा होने पर हम आपको बताएँगे।',
      button: 'अपना ऑर्डर देखें',
    },
    refund_processed: {
      sms: 'MediKart: {#var#} का रिफ़ंड हुआ; 5-7 कार्यदिवस में दिखेगा। {#var#}',
      whatsapp: 'आपके MediKart ऑर्डर {{1}} का रिफ़ंड आपके मूल भुगतान माध्यम में कर दिया गया है। बैंक में यह आम तौर पर 5-7 कार्यदिवस में दिखता है।',
      button: 'अपना ऑर्डर देखें',
    },
    request_received: {
      sms: 'MediKart: पर्चा मिला, अनुरोध {#var#}। दाम मंज़ूरी को आएँगे। {#var#}',
      whatsapp: 'हमें आपका पर्चा मिल गया है, अनुरोध {{1}}। हमारे फ़ार्मासिस्ट आपको दवाएँ और दाम मंज़ूरी के लिए भेजेंगे। मंज़ूरी से पहले कोई पैसा नहीं लिया जाता।',
      button: 'अपना अनुरोध देखें',
    },
    request_proposed: {
      sms: 'MediKart: {#var#} की दवा तैयार। 7 दिन में मंज़ूर कर चुकाएँ: {#var#}',
      whatsapp: 'अनुरोध {{1}} के लिए आपकी दवाएँ तैयार हैं। 7 दिन के अंदर मंज़ूर करें और भुगतान करें।',
      button: 'मंज़ूर करें, भुगतान करें',
    },
    request_rejected: {
      sms: 'MediKart: अनुरोध {#var#} स्वीकार नहीं हुआ। कारण देखें: {#var#}',
      whatsapp: 'हमारे फ़ार्मासिस्ट अनुरोध {{1}} के लिए आपका पर्चा स्वीकार नहीं कर सके। कारण देखने के लिए अनुरोध खोलें।',
      button: 'कारण देखें',
    },
    request_expiring: {
      sms: 'MediKart: अनुरोध {#var#} कल तक रुका है। मंज़ूर कर चुकाएँ: {#var#}',
      whatsapp: 'अनुरोध {{1}} की दवाएँ कल तक आपके लिए रखी हैं। उन्हें पाने के लिए उससे पहले मंज़ूर करें और भुगतान करें।',
      button: 'मंज़ूर करें, भुगतान करें',
    },
    request_expired: {
      sms: 'MediKart: अनुरोध {#var#} की अवधि खत्म। पर्चा फिर अपलोड करें: {#var#}',
      whatsapp: 'अनुरोध {{1}} 7 दिन में मंज़ूर नहीं हुआ, इसलिए उसकी अवधि खत्म हो गई है। ऑर्डर करने के लिए अपना पर्चा फिर से अपलोड करें।',
      button: 'अपना अनुरोध देखें',
    },
    refill_due: {
      sms: 'MediKart: {#var#} खत्म होगी {#var#} को। मँगाएँ: {#var#}',
      whatsapp: 'आपकी {{1}} की सप्लाई {{2}} को खत्म हो जाएगी। अभी दोबारा मँगाएँ ताकि कोई खुराक न छूटे।',
      button: 'दोबारा मँगाएँ',
      variables: [{ name: 'medicine', max: 20 }, { name: 'day', max: 8 }],
    },
  },
  values: {
    orderConfirmed: 'ऑर्डर पक्का',
    someItemsNotAccepted: 'कुछ दवाएँ स्वीकार नहीं',
    ourCourier: 'हमारा कूरियर',
    onTheOrderPage: 'ऑर्डर पेज पर',
  },
  signInCode: '{#var#} आपका MediKart साइन-इन कोड है, 5 मिनट तक। किसी को न बताएँ।',
  mail: {
    order: {
      subjects: {
        order_confirmation: 'आपका MediKart ऑर्डर {number} हो गया है',
        order_cancelled: 'आपका MediKart ऑर्डर {number} रद्द हो गया है',
        order_shipped: 'आपका MediKart ऑर्डर {number} रास्ते में है',
        order_delivered: 'आपका MediKart ऑर्डर {number} पहुँच गया है',
        order_out_for_delivery: 'आपका MediKart ऑर्डर {number} आज डिलीवरी के लिए निकला है',
        order_delivery_failed: 'कूरियर आपका MediKart ऑर्डर {number} नहीं पहुँचा सका',
        order_returned_to_origin: 'आपका MediKart ऑर्डर {number} बिना पहुँचे हमारे पास लौट आया',
        order_return_pickup: 'कूरियर MediKart ऑर्डर {number} का रिटर्न लेने आएगा',
        prescription_reviewed: 'हमारे फ़ार्मासिस्ट ने ऑर्डर {number} का पर्चा जाँच लिया है',
        refund_initiated: 'MediKart ऑर्डर {number} का रिटर्न हमें मिल गया है: रिफ़ंड शुरू हो गया है',
        refund_processed: 'MediKart ऑर्डर {number} का आपका रिफ़ंड',
      },
      placed: 'आपके ऑर्डर के लिए धन्यवाद। हमें यह मिल गया है और हम आपको हर कदम की जानकारी देंगे। कुल: {total}।',
      reviewedAllAccepted: 'हमारे फ़ार्मासिस्ट ने आपका पर्चा जाँच लिया है और आपका ऑर्डर पक्का हो गया है।',
      reviewedSomeRefunded: 'हमारे फ़ार्मासिस्ट ने आपका पर्चा जाँच लिया है। नीचे की जो दवाएँ स्वीकार नहीं हुईं, वे आपके ऑर्डर से हटा दी गई हैं और उनकी रकम आपके मूल भुगतान माध्यम में लौटाई जाएगी; बाकी ऑर्डर पक्का है।',
      reviewedSomeRemoved: 'हमारे फ़ार्मासिस्ट ने आपका पर्चा जाँच लिया है। नीचे की जो दवाएँ स्वीकार नहीं हुईं, वे आपके ऑर्डर से हटा दी गई हैं; बाकी ऑर्डर पक्का है।',
      shipped: 'आपका ऑर्डर हमारी फ़ार्मेसी से निकल चुका है। आपका GST टैक्स इनवॉइस देखने और प्रिंट करने के लिए तैयार है।',
      journey: {
        outForDelivery: 'आपका ऑर्डर आज डिलीवरी के लिए निकला है। कृपया अपना फ़ोन चालू रखें: पता ढूँढने के लिए कूरियर आपको कॉल कर सकता है।',
        deliveryFailed: 'कूरियर आपका ऑर्डर नहीं पहुँचा सका ({reason})। दोबारा भेजने के लिए अपना ऑर्डर खोलें; 3 कोशिशें नाकाम होने पर यह हमारे पास लौट आता है।',
        returnedRefunding: 'कूरियर आपका ऑर्डर नहीं पहुँचा सका और यह हमारी फ़ार्मेसी में लौट आया है। आपकी चुकाई रकम आपके मूल भुगतान माध्यम में लौटाई जा रही है।',
        returnedNothingCharged: 'कूरियर आपका ऑर्डर नहीं पहुँचा सका और यह हमारी फ़ार्मेसी में लौट आया है। कोई पैसा नहीं लिया गया, इसलिए कुछ चुकाना नहीं है।',
        returnPickup: 'कूरियर {day} को आपका रिटर्न लेने आएगा। कृपया सामान बिना खोले उसके पैक में रखें; हमारे पास पहुँचने पर रिफ़ंड शुरू होगा।',
      },
      returnReceived: 'हमें आपका रिटर्न मिल गया है और आपके मूल भुगतान माध्यम में रिफ़ंड शुरू कर दिया है। पूरा होने पर हम फिर लिखेंगे; उसके बाद बैंक में यह आम तौर पर 5-7 कार्यदिवस में दिखता है।',
      delivered: 'आपका ऑर्डर पहुँच गया है। MediKart से ऑर्डर करने के लिए धन्यवाद; आपका टैक्स इनवॉइस ऑर्डर पेज पर रहता है।',
      cancelledNothingCharged: 'आपका ऑर्डर रद्द हो गया है। कोई पैसा नहीं लिया गया, इसलिए लौटाने को कुछ नहीं है।',
      cancelledRefunding: 'आपका ऑर्डर रद्द हो गया है। आपकी चुकाई रकम आपके मूल भुगतान माध्यम में लौटाई जा रही है।',
      refunded: 'आपका रिफ़ंड आपके मूल भुगतान माध्यम में कर दिया गया है ({paymentStatus})। बैंक में यह आम तौर पर 5-7 कार्यदिवस में दिखता है।',
      courier: 'कूरियर: {shipment}',
      shipmentTracking: '{courier}, ट्रैकिंग नंबर {tracking}',
      order: 'ऑर्डर {number}',
      line: '{quantity} x {name} ({price} प्रति)',
      total: 'कुल: {total}',
      status: 'स्थिति: {status}',
      seeOrder: 'अपना ऑर्डर देखें',
      trackOrder: 'अपना ऑर्डर ट्रैक करें',
      taxInvoice: 'आपका टैक्स इनवॉइस',
      orderStatuses: {
        placed: 'ऑर्डर हो गया',
        prescription_review: 'पर्चे की जाँच चल रही है',
        confirmed: 'पक्का',
        packed: 'पैक हो गया',
        shipped: 'भेज दिया गया',
        delivered: 'पहुँच गया',
        returned: 'डिलीवर हुए बिना लौट आया',
        cancelled: 'रद्द',
      },
      paymentStatuses: {
        pending: 'भुगतान बाकी',
        paid: 'भुगतान हो गया',
        failed: 'भुगतान नहीं हुआ',
        refund_pending: 'रिफ़ंड चल रहा है',
        refunded: 'रिफ़ंड हो गया',
        partially_refunded: 'आंशिक रिफ़ंड हुआ',
      },
      lineAccepted: 'फ़ार्मासिस्ट {pharmacist} ने पर्चा स्वीकार किया',
      lineRemoved: 'आपके ऑर्डर से हटाई गई: {reason}',
      notAcceptedByPharmacist: 'हमारे फ़ार्मासिस्ट ने स्वीकार नहीं की',
      rejectionReasons: {
        illegible: 'पर्चा पढ़ने में नहीं आया',
        expired: 'पर्चे की अवधि खत्म',
        not_prescribed: 'दवा पर्चे में नहीं लिखी',
        quantity_exceeds: 'मात्रा पर्चे से ज़्यादा',
        patient_details_missing: 'मरीज़ की जानकारी नहीं है',
        other: 'अन्य',
      },
    },
    request: {
      subjects: {
        request_received: 'हमें आपका पर्चा मिल गया है: अनुरोध {number}',
        request_proposed: 'अनुरोध {number} की आपकी दवाएँ मंज़ूरी के लिए तैयार हैं',
        request_rejected: 'हमारे फ़ार्मासिस्ट अनुरोध {number} स्वीकार नहीं कर सके',
        request_expiring: 'अनुरोध {number}: अपनी दवाएँ पाने के लिए कल तक मंज़ूर करें',
        request_expired: 'अनुरोध {number} की अवधि खत्म हो गई है',
      },
      received: 'धन्यवाद। हमारे फ़ार्मासिस्ट आपका पर्चा पढ़कर आपको दवाएँ और दाम मंज़ूरी के लिए भेजेंगे। मंज़ूरी से पहले कोई पैसा नहीं लिया जाता।',
      proposed: 'हमारे फ़ार्मासिस्ट ने आपका पर्चा पढ़ लिया है। दवाएँ और दाम देखने के लिए अपना अनुरोध खोलें, चाहें तो मात्रा बदलें, और 7 दिन के अंदर मंज़ूर करके भुगतान करें।',
      expiring: 'हमारे फ़ार्मासिस्ट की सुझाई दवाएँ कल तक आपके लिए रखी हैं। उससे पहले अपना अनुरोध खोलकर मंज़ूर करें और भुगतान करें।',
      rejected: 'हमारे फ़ार्मासिस्ट आपका पर्चा स्वीकार नहीं कर सके: {reason}',
      expired: 'आपका अनुरोध 7 दिन में मंज़ूर नहीं हुआ, इसलिए उसकी अवधि खत्म हो गई है। ऑर्डर करने के लिए अपना पर्चा फिर से अपलोड करें।',
      dear: 'प्रिय {name},',
      request: 'अनुरोध {number}',
      status: 'स्थिति: {status}',
      seeRequest: 'अपना अनुरोध देखें',
      statuses: {
        submitted: 'मिल गया: फ़ार्मासिस्ट का इंतज़ार',
        in_review: 'फ़ार्मासिस्ट आपका पर्चा पढ़ रहे हैं',
        proposed: 'आपकी मंज़ूरी के लिए तैयार',
        approved: 'मंज़ूर: भुगतान का इंतज़ार',
        paid: 'भुगतान हो गया: आपका ऑर्डर पैक हो रहा है',
        rejected: 'स्वीकार नहीं हुआ',
        expired: 'अवधि खत्म',
      },
    },
    refill: {
      subject: '{name} दोबारा मँगाने का समय',
      intro: 'आपकी {name} {day} को खत्म हो जाएगी। अभी दोबारा मँगाएँ ताकि कोई खुराक न छूटे: लिंक इसे आज के दाम पर आपके कार्ट में डाल देता है।',
      reorder: 'दोबारा मँगाएँ',
      reorderName: '{name} दोबारा मँगाएँ',
      stop: 'ये रिमाइंडर बंद करें',
    },
  },
};

export default hi;
