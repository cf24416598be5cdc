import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_MARKER_LIFETIME_MS,
  CONTACT_SUBMITTED_KEY,
  forgetSubmission,
  hasRecentSubmission,
  rememberSubmission,
} from './contact-marker';

class MemoryStorage {
  values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

describe('contact-submitted marker', () => {
  let storage: MemoryStorage;
  const sentAt = Date.UTC(2025, 7, 1, 10, 0, 0);
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('is stored under the product key with its timestamp', () => {
    rememberSubmission(storage, sentAt);
    expect(JSON.parse(storage.getItem(CONTACT_SUBMITTED_KEY)!)).toEqual({ submittedAt: sentAt });
    expect(CONTACT_MARKER_LIFETIME_MS).toBe(604_800_000);
  });

  it('keeps the thank-you state for just under 7 days', () => {
    rememberSubmission(storage, sentAt);
    expect(hasRecentSubmission(storage, sentAt + CONTACT_MARKER_LIFETIME_MS - 1)).toBe(true);
    expect(storage.getItem(CONTACT_SUBMITTED_KEY)).not.toBeNull();
  });

  it('deletes a marker 7 days old or older', () => {
    rememberSubmission(storage, sentAt);
    expect(hasRecentSubmission(storage, sentAt + CONTACT_MARKER_LIFETIME_MS)).toBe(false);
    expect(storage.getItem(CONTACT_SUBMITTED_KEY)).toBeNull();
  });

  it('deletes an unparseable or wrongly shaped marker', () => {
    storage.setItem(CONTACT_SUBMITTED_KEY, '{not json');
    expect(hasRecentSubmission(storage, sentAt)).toBe(false);
    expect(storage.getItem(CONTACT_SUBMITTED_KEY)).toBeNull();
    storage.setItem(CONTACT_SUBMITTED_KEY, JSON.stringify({ submittedAt: 'yesterday' }));
    expect(hasRecentSubmission(storage, sentAt)).toBe(false);
    expect(storage.getItem(CONTACT_SUBMITTED_KEY)).toBeNull();
  });

  it('reports nothing when no message was sent, and can be forgotten', () => {
    expect(hasRecentSubmission(storage, sentAt)).toBe(false);
    rememberSubmission(storage, sentAt);
    forgetSubmission(storage);
    expect(hasRecentSubmission(storage, sentAt)).toBe(false);
  });
});
