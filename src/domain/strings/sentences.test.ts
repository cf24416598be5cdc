import { describe, expect, it } from 'vitest';
import english from './languages/en';
import hindi from './languages/hi';
import { fill } from './fill';
import { sentenceIn } from './sentences';

const say = (sentence: string) => sentenceIn(sentence, english.text, hindi.text);

describe("a server's English sentence in the customer's language", () => {
  it('finds the entry it was filled from and fills the same entry of the other table with its values', () => {
    expect(say("We don't deliver to 744101 yet")).toBe('हम अभी 744101 पर डिलीवरी नहीं करते');
    expect(say('Quantity of Dolo 650 Tablet must be a whole number from 1 to 20.')).toBe('Dolo 650 Tablet की मात्रा 1 से 20 तक की पूरी संख्या होनी चाहिए।');
    expect(say(fill(english.text.refusals.totalChanged, { total: '₹1,234.50' }))).toBe(fill(hindi.text.refusals.totalChanged, { total: '₹1,234.50' }));
  });

  it('says a sentence without values as the other table does', () => {
    expect(say('Enter an email address for order updates.')).toBe(hindi.text.address.guestEmail);
    expect(say(english.text.refusals.paymentMismatch)).toBe(hindi.text.refusals.paymentMismatch);
  });

  it('prefers the longer sentence over one that its values could stand in for', () => {
    // '{name} is sold out. …' and the prescription sentences both end alike: each keeps its own entry.
    expect(say(fill(english.text.refusals.needsPrescription, { names: 'Azee 500' }))).toBe(fill(hindi.text.refusals.needsPrescription, { names: 'Azee 500' }));
    expect(say(fill(english.text.refusals.soldOut, { name: 'Azee 500' }))).toBe(fill(hindi.text.refusals.soldOut, { name: 'Azee 500' }));
  });

  it('leaves a sentence that is none of the tables as written', () => {
    expect(say('Invalid request: lines: Too small')).toBe('Invalid request: lines: Too small');
    expect(say('Dolo 650 Tablet')).toBe('Dolo 650 Tablet');
  });
});
