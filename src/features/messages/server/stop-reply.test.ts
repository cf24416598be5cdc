import { describe, expect, it } from 'vitest';
import { isStopReply } from './whatsapp';

describe('isStopReply', () => {
  it('takes the whole-message opt-out words, however they are cased, spaced or punctuated', () => {
    for (const text of ['STOP', 'stop', ' Stop ', 'Stop.', 'STOP!', 'STOP ALL', 'stop  all', 'StopAll', 'UNSUBSCRIBE', 'Unsubscribe!', 'END', 'quit', 'Opt out', 'OPT-OUT', '"STOP"', 'Stop promotions']) {
      expect(isStopReply(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('takes the Hindi ones', () => {
    for (const text of ['रोकें', ' रोको ', 'रोक दें', 'बंद', 'बंद करें।', 'बंद करो', 'अनसब्सक्राइब']) {
      expect(isStopReply(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('ignores sentences that merely contain a stop word, and replies that mean something else', () => {
    for (const text of ["Please don't stop my refills", 'stop sending the old medicine', 'STOP STOP', 'CANCEL', 'cancel my order', 'Stopped', 'nonstop', 'बंद हो गया क्या?', 'Yes', '', '   ']) {
      expect(isStopReply(text), JSON.stringify(text)).toBe(false);
    }
  });
});
