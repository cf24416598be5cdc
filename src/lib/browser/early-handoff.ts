/**
 * A read a page's inline head script starts while the page loads, left on `window` for the page's
 * own script (a separate bundle) to take, once. The head script and the page script import the same
 * hand-off, so they agree on the slot.
 */
export interface EarlyHandoff<T> {
  leave(started: T): void;
  /** What was left, once, when `isWanted` says it is the read the page needs; null otherwise. */
  take(isWanted: (started: T) => boolean): T | null;
}

/** `pending` lists the promises in what is left: until the page takes them, a failure must not count as an unhandled rejection. */
export function earlyHandoff<T extends object>(slot: string, pending: (started: T) => ReadonlyArray<Promise<unknown> | null>): EarlyHandoff<T> {
  const slots = globalThis as unknown as Record<string, T | undefined>;
  return {
    leave(started) {
      for (const promise of pending(started)) promise?.catch(() => {});
      slots[slot] = started;
    },
    take(isWanted) {
      const started = slots[slot];
      delete slots[slot];
      return started && isWanted(started) ? started : null;
    },
  };
}
