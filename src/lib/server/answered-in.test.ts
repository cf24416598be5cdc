import { describe, expect, it } from 'vitest';
import hindi from '../../domain/strings/languages/hi';
import { fill } from '../../domain/strings/fill';
import { refusals } from '../../domain/strings/english/refusals';
import { answeredIn, languageTable } from './answered-in';
import { HttpRefusal } from './http';

const refusing = (message: string) => () => Promise.reject(new HttpRefusal(422, message));

describe("a function's refusals in the customer's language", () => {
  it("reads a language's table by its code, and none for a code the shop does not write", async () => {
    expect((await languageTable('hi'))?.settings.code).toBe('hi');
    expect(await languageTable('kn')).toBeNull();
    expect(await languageTable('../x' as string)).toBeNull();
  });

  it('turns a refusal from the tables into the language, keeping its status and values', async () => {
    const sentence = fill(refusals.minimumOrder, { amount: '₹1.00' });
    await expect(answeredIn('hi', refusing(sentence))).rejects.toMatchObject({ status: 422, message: fill(hindi.text.refusals.minimumOrder, { amount: '₹1.00' }) });
  });

  it('keeps English for English, for a language without a table and for a sentence the tables do not hold', async () => {
    const sentence = fill(refusals.minimumOrder, { amount: '₹1.00' });
    await expect(answeredIn('en', refusing(sentence))).rejects.toMatchObject({ message: sentence });
    await expect(answeredIn('kn', refusing(sentence))).rejects.toMatchObject({ message: sentence });
    await expect(answeredIn('hi', refusing('Invalid request: lines: Too small'))).rejects.toMatchObject({ message: 'Invalid request: lines: Too small' });
  });

  it('passes answers and other failures through untouched', async () => {
    await expect(answeredIn('hi', async () => 'answer')).resolves.toBe('answer');
    const failure = new Error('database down');
    await expect(answeredIn('hi', () => Promise.reject(failure))).rejects.toBe(failure);
  });
});
