import { describe, expect, it } from 'vitest';
import { earlyHandoff } from './early-handoff';

interface Read {
  orderNumber: string;
  rows: Promise<string[]>;
}

describe('a read started by the head script', () => {
  it('is taken by the page once, and only when it is the read the page needs', () => {
    const handoff = earlyHandoff<Read>('testEarlyRead', (read) => [read.rows]);
    const read = { orderNumber: 'MK-1', rows: Promise.resolve(['line']) };
    handoff.leave(read);
    expect(handoff.take((left) => left.orderNumber === 'MK-2')).toBeNull();
    handoff.leave(read);
    expect(handoff.take((left) => left.orderNumber === 'MK-1')).toBe(read);
    expect(handoff.take(() => true)).toBeNull();
  });

  it('does not report its failure as unhandled while it waits to be taken', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      earlyHandoff<Read>('testFailedRead', (read) => [read.rows]).leave({ orderNumber: 'MK-1', rows: Promise.reject(new Error('offline')) });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
