import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { atom } from 'nanostores';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type { CartLine, CartState } from './cart-store';
import {
  CART_SYNC_FAILED_MESSAGE,
  createCartSync,
  type CartRemote,
  type PendingStore,
} from './cart-sync';

vi.mock('../../lib/browser/supabase-client', () => ({ supabase: {}, setRememberMe: () => {}, AUTH_STORAGE_KEY: 'test-auth' }));

function line(id: number, quantity: number): CartLine {
  return {
    product: {
      id,
      name: `Product ${id}`,
      slug: `product-${id}`,
      mrp_paise: 1000,
      thumbnail_image: DEFAULT_PRODUCT_IMAGE,
      category: 'Pain',
      requires_prescription: false,
      sale_state: 'ADD TO CART',
    },
    quantity,
    prescriptionAccepted: true,
    prescriptionFileUrl: null,
  };
}

const customer = { id: 'user-1' } as User;

class FakeRemote implements CartRemote {
  rows = new Map<string, CartLine[]>();
  failing = false;
  calls: string[] = [];
  async load(userId: string) {
    this.calls.push('load');
    if (this.failing) throw new Error('offline');
    return this.rows.get(userId) ?? [];
  }
  async save(userId: string, lines: readonly CartLine[]) {
    this.calls.push('save');
    if (this.failing) throw new Error('offline');
    this.rows.set(userId, [...lines]);
  }
  async remove(userId: string) {
    this.calls.push('remove');
    if (this.failing) throw new Error('offline');
    this.rows.delete(userId);
  }
}

function memoryPending(): PendingStore & { value: ReturnType<PendingStore['read']> } {
  return {
    value: null,
    read() {
      return this.value;
    },
    write(pending) {
      this.value = pending;
    },
    clear() {
      this.value = null;
    },
  };
}

describe('server cart sync', () => {
  let cart: ReturnType<typeof atom<CartState>>;
  let auth: ReturnType<typeof atom<{ user: User | null; isLoading: boolean }>>;
  let remote: FakeRemote;
  let pending: ReturnType<typeof memoryPending>;
  let notify: ReturnType<typeof vi.fn<(message: string) => void>>;

  function start() {
    return createCartSync({ cart, auth, remote, pending, notify });
  }
  const setItems = (items: CartLine[]) => cart.set({ ...cart.get(), items });

  beforeEach(() => {
    cart = atom<CartState>({ items: [], sessionId: '00000000-0000-4000-8000-000000000000' });
    auth = atom<{ user: User | null; isLoading: boolean }>({ user: null, isLoading: true });
    remote = new FakeRemote();
    pending = memoryPending();
    notify = vi.fn<(message: string) => void>();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('keeps a guest cart local only', async () => {
    const sync = start();
    auth.set({ user: null, isLoading: false });
    setItems([line(1, 1)]);
    await sync.settled();
    expect(remote.calls).toEqual([]);
  });

  it('saves every change of a signed-in customer and deletes the row when the cart is emptied', async () => {
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    setItems([line(1, 1)]);
    setItems([line(1, 2)]);
    await sync.settled();
    expect(remote.rows.get('user-1')).toEqual([line(1, 2)]);
    setItems([]);
    await sync.settled();
    expect(remote.rows.has('user-1')).toBe(false);
  });

  it('merges the account cart into this device on sign-in and saves the result both ways', async () => {
    remote.rows.set('user-1', [line(1, 3), line(2, 1)]);
    const sync = start();
    auth.set({ user: null, isLoading: false });
    setItems([line(1, 2), line(5, 1)]);
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    const expected = [line(1, 3), line(5, 1), line(2, 1)];
    expect(cart.get().items).toEqual(expected);
    expect(remote.rows.get('user-1')).toEqual(expected);
    expect(pending.value).toBeNull();
  });

  it('merges the cart as it is when the account cart arrives: a line added meanwhile in another tab is kept', async () => {
    remote.rows.set('user-1', [line(2, 1)]);
    const load = remote.load.bind(remote);
    remote.load = async (userId: string) => {
      const rows = await load(userId);
      setItems([...cart.get().items, line(7, 1)]);
      return rows;
    };
    const sync = start();
    auth.set({ user: null, isLoading: false });
    setItems([line(1, 2)]);
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    expect(cart.get().items).toEqual([line(1, 2), line(7, 1), line(2, 1)]);
    expect(remote.rows.get('user-1')).toEqual([line(1, 2), line(7, 1), line(2, 1)]);
  });

  it('does not merge again for a session restored on page load', async () => {
    remote.rows.set('user-1', [line(2, 1)]);
    setItems([line(1, 1)]);
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    expect(remote.calls).toEqual([]);
    expect(cart.get().items).toEqual([line(1, 1)]);
  });

  it('keeps the local cart when saving fails and retries on the next change', async () => {
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    remote.failing = true;
    setItems([line(1, 1)]);
    await sync.settled();
    expect(cart.get().items).toEqual([line(1, 1)]);
    expect(pending.value).toEqual({ userId: 'user-1', failures: 1, merge: false });
    remote.failing = false;
    setItems([line(1, 1), line(2, 1)]);
    await sync.settled();
    expect(remote.rows.get('user-1')).toEqual([line(1, 1), line(2, 1)]);
    expect(pending.value).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('retries a failed save on the next page load', async () => {
    pending.value = { userId: 'user-1', failures: 1, merge: false };
    setItems([line(4, 2)]);
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    expect(remote.rows.get('user-1')).toEqual([line(4, 2)]);
    expect(pending.value).toBeNull();
  });

  it('redoes an unfinished sign-in merge on the next page load instead of overwriting the account cart', async () => {
    remote.rows.set('user-1', [line(2, 1)]);
    pending.value = { userId: 'user-1', failures: 0, merge: true };
    setItems([line(1, 1)]);
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    expect(remote.rows.get('user-1')).toEqual([line(1, 1), line(2, 1)]);
  });

  it('tells the customer once, only after three failures in a row', async () => {
    const sync = start();
    auth.set({ user: customer, isLoading: false });
    remote.failing = true;
    for (let quantity = 1; quantity <= 2; quantity += 1) {
      setItems([line(1, quantity)]);
      await sync.settled();
    }
    expect(notify).not.toHaveBeenCalled();
    setItems([line(1, 3)]);
    await sync.settled();
    setItems([line(1, 4)]);
    await sync.settled();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith(CART_SYNC_FAILED_MESSAGE);
    expect(cart.get().items).toEqual([line(1, 4)]);
  });

  it('stops syncing after sign-out', async () => {
    const sync = start();
    auth.set({ user: null, isLoading: false });
    auth.set({ user: customer, isLoading: false });
    await sync.settled();
    auth.set({ user: null, isLoading: false });
    setItems([line(1, 1)]);
    await sync.settled();
    expect(remote.calls).toEqual(['load', 'remove']);
  });
});
