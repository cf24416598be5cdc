import { describe, expect, it } from 'vitest';
import { smsSegments } from './index';

// 3GPP TS 23.038 / 23.040: a GSM-7 SMS holds 160 septets, 153 a part once split (the rest is the
// concatenation header); a UCS-2 SMS 70 UTF-16 units, 67 a part. One character outside the GSM
// alphabet makes the whole text UCS-2.

describe('smsSegments', () => {
  it('fits 160 GSM-7 characters in one SMS and splits longer texts into 153-character parts', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('a'.repeat(459)).segments).toBe(3);
    expect(smsSegments('a'.repeat(460)).segments).toBe(4);
  });

  it('counts the GSM alphabet’s own accented letters, £ and @ as one septet and the extension table as two', () => {
    expect(smsSegments('£@èéÄÖÑÜäöñüàΔ_\n')).toMatchObject({ encoding: 'GSM-7', units: 16 });
    expect(smsSegments('{}[]~^|\\€')).toEqual({ encoding: 'GSM-7', units: 18, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });

  it('makes the whole text UCS-2 for one character outside the GSM alphabet: 70 units in one SMS, 67 a part', () => {
    expect(smsSegments(`${'a'.repeat(69)}…`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(70)}ç`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSegments('आपका ऑर्डर'.padEnd(134, 'क')).segments).toBe(2);
    expect(smsSegments('क'.repeat(135)).segments).toBe(3);
    expect(smsSegments('क'.repeat(201)).segments).toBe(3);
    expect(smsSegments('क'.repeat(202)).segments).toBe(4);
  });

  it('counts a character outside the Basic Multilingual Plane as two UTF-16 units', () => {
    expect(smsSegments('💊'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${'💊'.repeat(35)}a`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });
});
