import { describe, expect, it } from 'vitest';
import { codeFailure, rememberUsedCode } from './used-codes';

class MemoryStorage {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
}

describe('why a code was refused', () => {
  const storage = new MemoryStorage() as unknown as Storage;
  const sentAt = 1_000_000;

  it('a code this browser signed in with is "used"', () => {
    rememberUsedCode(storage, '+919812345678', '123456');
    expect(codeFailure(storage, '+919812345678', '123456', sentAt, 300_000, sentAt + 1000)).toBe('used');
  });

  it('past its lifetime it is "expired", before that "wrong"', () => {
    expect(codeFailure(storage, '+919812345678', '654321', sentAt, 300_000, sentAt + 300_001)).toBe('expired');
    expect(codeFailure(storage, '+919812345678', '654321', sentAt, 300_000, sentAt + 1000)).toBe('wrong');
  });
});
