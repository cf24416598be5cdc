import { describe, expect, it } from 'vitest';
import { phonePeVerifyResponseSchema } from './contract';
import { toVerifyResponse } from './phonepe-state';

describe('toVerifyResponse', () => {
  it.each([
    ['COMPLETED', true, 'PAYMENT_SUCCESS'],
    ['PENDING', false, 'PAYMENT_PENDING'],
    ['FAILED', false, 'PAYMENT_ERROR'],
  ] as const)('maps %s to verified=%s and %s', (state, verified, responseCode) => {
    const response = toVerifyResponse(state);
    expect(response).toEqual({ verified, data: { state, responseCode } });
    expect(phonePeVerifyResponseSchema.parse(response)).toEqual(response);
  });
});
