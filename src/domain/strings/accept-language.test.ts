import { describe, expect, it } from 'vitest';
import { wantedLanguages } from './accept-language';

describe("the languages a browser asks for", () => {
  it("an Indian phone set to Hindi: Hindi before English", () => {
    expect(wantedLanguages('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['hi', 'en']);
  });

  it('orders by weight, keeps the written order between equal weights, and takes each language once', () => {
    expect(wantedLanguages('en;q=0.5, ta-IN, kn;q=0.8, ta;q=0.9')).toEqual(['ta', 'kn', 'en']);
    expect(wantedLanguages('en-GB,hi')).toEqual(['en', 'hi']);
  });

  it('leaves out what it refuses (q=0), wildcards and tags that are not a language', () => {
    expect(wantedLanguages('hi;q=0, *, x-klingon, en;q=abc, kn')).toEqual(['kn']);
  });

  it('asks for nothing without a header', () => {
    expect(wantedLanguages(null)).toEqual([]);
    expect(wantedLanguages('')).toEqual([]);
  });
});
