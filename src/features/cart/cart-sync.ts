import type { ReadableAtom, WritableAtom } from 'nanostores';
import { z } from 'zod';
import { supabase } from '../../lib/browser/supabase-client';
import { showToast } from '../../lib/browser/toast';
import { claimGuestPrescriptions, withClaimedPrescriptions } from '../prescriptions/public';
import { $cart, type CartLine, type CartState } from './cart-store';
import { mergeCartLines, readStoredItems, storedCartTotal, toStoredItem } from '../../domain/account-cart';

/** Told once a page when saving keeps failing; the cart itself is never touched by a failure. */
export const CART_SYNC_FAILED_MESSAGE =
  "We couldn't save your cart to your account. It is kept on this device and we'll keep trying.";
/** Consecutive failures after which the customer is told. */
export const CART_SYNC_FAILURES_BEFORE_NOTICE = 3;
/** localStorage: a save (or sign-in merge) that has not reached the server yet, retried on reload. */
export const CART_SYNC_PENDING_KEY = 'medikart-cart-sync-pending';

/** The server side of the cart: the user's one row in the 'cart' table. */
export interface CartRemote {
  load(userId: string): Promise<CartLine[]>;
  save(userId: string, lines: readonly CartLine[]): Promise<void>;
  remove(userId: string): Promise<void>;
}

const pendingSchema = z.object({
  userId: z.string(),
  failures: z.number().int().nonnegative(),
  merge: z.boolean(),
});
type PendingSync = z.infer<typeof pendingSchema>;

export interface PendingStore {
  read(): PendingSync | null;
  write(pending: PendingSync): void;
  clear(): void;
}

export function storagePendingStore(storage: Storage): PendingStore {
  return {
    read() {
      try {
        const parsed = pendingSchema.safeParse(JSON.parse(storage.getItem(CART_SYNC_PENDING_KEY) ?? 'null'));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    write: (pending) => storage.setItem(CART_SYNC_PENDING_KEY, JSON.stringify(pending)),
    clear: () => storage.removeItem(CART_SYNC_PENDING_KEY),
  };
}

/** The part of the customer's session the sync follows; the page's start-up script passes it in. */
export interface SessionState {
  user: { id: string } | null;
  isLoading: boolean;
}

export interface CartSyncDependencies {
  cart: WritableAtom<CartState>;
  auth: ReadableAtom<SessionState>;
  remote: CartRemote;
  pending: PendingStore;
  notify(message: string): void;
  /** Copies the cart's guest prescriptions into the customer's folder; answers each moved path's new place. */
  claimGuestPrescriptions?(cart: CartState): Promise<Readonly<Record<string, string>>>;
}

/**
 * Keeps a signed-in customer's server cart row equal to the local cart. The local cart is the
 * truth while signed in: every change sends the whole cart (an empty cart deletes the row), one
 * request at a time, the latest state winning. Signing in first merges the account's cart in
 * (rule in mergeCartLines). A failed save keeps the local cart, is remembered across reloads and is
 * retried on the next change or page load; guests are never synced.
 */
export function createCartSync({ cart, auth, remote, pending, notify, claimGuestPrescriptions: claim }: CartSyncDependencies) {
  let activeUserId: string | null = null;
  let needsMerge = false;
  let failures = 0;
  let told = false;
  let running: Promise<void> | null = null;
  let again = false;
  let applyingMerge = false;

  /** A guest's prescription follows the customer into their account; failing that, the cart keeps it and payment asks again. */
  async function claimPrescriptions(): Promise<void> {
    if (!claim) return;
    try {
      const claimed = await claim(cart.get());
      applyingMerge = true;
      cart.set({ ...cart.get(), items: withClaimedPrescriptions(cart.get(), claimed) });
    } catch (error) {
      console.error('Moving the guest prescriptions to the account failed', error);
    } finally {
      applyingMerge = false;
    }
  }

  async function syncOnce(userId: string): Promise<void> {
    if (needsMerge) {
      await claimPrescriptions();
      // The account's cart first, then this device's as it is once it has arrived: a line another tab
      // added meanwhile is merged, not written over with the cart as it was before the load.
      const accountLines = await remote.load(userId);
      const merged = mergeCartLines(cart.get().items, accountLines);
      applyingMerge = true;
      cart.set({ ...cart.get(), items: merged });
      applyingMerge = false;
      needsMerge = false;
    }
    const lines = cart.get().items;
    if (lines.length > 0) await remote.save(userId, lines);
    else await remote.remove(userId);
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const userId = activeUserId;
      if (userId === null) return;
      try {
        await syncOnce(userId);
        failures = 0;
        pending.clear();
      } catch (error) {
        failures += 1;
        pending.write({ userId, failures, merge: needsMerge });
        console.error('Cart sync failed', error);
        if (failures >= CART_SYNC_FAILURES_BEFORE_NOTICE && !told) {
          told = true;
          notify(CART_SYNC_FAILED_MESSAGE);
        }
        return;
      }
    } while (again);
  }

  function sync(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  let previous = auth.get();
  auth.subscribe((state) => {
    const before = previous;
    previous = state;
    if (state.isLoading) return;
    const userId = state.user?.id ?? null;
    if (userId === null) {
      activeUserId = null;
      return;
    }
    if (userId === activeUserId) return;
    activeUserId = userId;
    const stored = pending.read();
    const restoredOnLoad = before.isLoading && before.user === null;
    if (!restoredOnLoad) {
      // A fresh sign-in: remember the merge first so a redirect mid-request redoes it on the next page.
      needsMerge = true;
      failures = 0;
      pending.write({ userId, failures, merge: true });
      void sync();
    } else if (stored?.userId === userId) {
      needsMerge = stored.merge;
      failures = stored.failures;
      void sync();
    }
  });
  cart.listen(() => {
    if (activeUserId !== null && !applyingMerge) void sync();
  });

  return {
    /** Resolves when no save is in flight (for tests and callers that must wait for the server). */
    settled: (): Promise<void> => running ?? Promise.resolve(),
  };
}

const supabaseCartRemote: CartRemote = {
  async load(userId) {
    const { data, error } = await supabase.from('cart').select('items').eq('user_id', userId);
    if (error) throw error;
    return readStoredItems(data[0]?.items);
  },
  async save(userId, lines) {
    const { error } = await supabase.from('cart').upsert(
      {
        user_id: userId,
        items: lines.map(toStoredItem),
        cart_total: storedCartTotal(lines),
        updated_at: new Date().toISOString(),
      },
      { onConflict: 'user_id' },
    );
    if (error) throw error;
  },
  async remove(userId) {
    const { error } = await supabase.from('cart').delete().eq('user_id', userId);
    if (error) throw error;
  },
};

let started: ReturnType<typeof createCartSync> | null = null;

/** Resolves when the page's cart sync has nothing in flight (e.g. the sign-in merge moving guest prescriptions). */
export function cartSyncSettled(): Promise<void> {
  return started?.settled() ?? Promise.resolve();
}

/** Starts the one cart sync of the page (idempotent), following the session it is given. */
export function startCartSync(session: ReadableAtom<SessionState>): void {
  started ??= createCartSync({
    cart: $cart,
    auth: session,
    remote: supabaseCartRemote,
    pending: storagePendingStore(window.localStorage),
    notify: (message) => showToast('error', message),
    claimGuestPrescriptions: async (state) => {
      const token = (await supabase.auth.getSession()).data.session?.access_token;
      if (!token) throw new Error('No session to claim the guest prescriptions with');
      return claimGuestPrescriptions(state, token);
    },
  });
}
