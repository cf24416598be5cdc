import type { PhonePeVerifyResponse } from './contract';

export type PhonePeOrderState = 'COMPLETED' | 'PENDING' | 'FAILED';

/** PhonePe v2 order states in the spec's v1-era words the browser reads. */
export function toVerifyResponse(state: PhonePeOrderState): PhonePeVerifyResponse {
  switch (state) {
    case 'COMPLETED':
      return { verified: true, data: { state, responseCode: 'PAYMENT_SUCCESS' } };
    case 'PENDING':
      return { verified: false, data: { state, responseCode: 'PAYMENT_PENDING' } };
    case 'FAILED':
      return { verified: false, data: { state, responseCode: 'PAYMENT_ERROR' } };
  }
}
