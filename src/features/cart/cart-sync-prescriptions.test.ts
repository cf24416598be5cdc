import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { atom } from 'nanostores';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type { CartLine, CartState } from './cart-store';
import { createCartSync, type CartRemote, type PendingStore } from './cart-sync';

vi.mock('../../lib/browser/supabase-client', () => ({ supabase: {}, setRememberMe: () => {}, AUTH_STORAGE_KEY: 'test-auth' }));

const SESSION = '6f1c1b8e-7a55-4c1e-9d2a-0d4f6a1b2c3d';
const GUEST_FILE = `guest-${SESSION}/3b1f.png`;

function rxLine(prescriptionFileUrl: string | null): CartLine {
  return {
    product: { id: 1, name: 'Metformin', slug: 'metformin', mrp_paise: 3450, thumbnail_image: DEFAULT_PRODUCT_IMAGE, category: 'allopathy', requires_prescription: true, sale_state: 'ADD TO CART' },
    quantity: 1,
    prescriptionAccepted: prescriptionFileUrl !== null,
    prescriptionFileUrl,
  };
}

const saved = new Map<string, CartLine[]>();
const remote: CartRemote = {
  load: async (userId) => saved.get(userId) ?? [],
  save: async (userId, lines) => void saved.set(userId, [...lines]),
  remove: async (userId) => void saved.delete(userId),
};
const pending: PendingStore = { read: () => null, write: () => {}, clear: () => {} };

describe("on sign-in a guest's prescription follows the customer into the account", () => {
  let cart: ReturnType<typeof atom<CartState>>;
  let auth: ReturnType<typeof atom<{ user: User | null; isLoading: boolean }>>;

  beforeEach(() => {
    saved.clear();
    cart = atom<CartState>({ items: [rxLine(GUEST_FILE)], sessionId: SESSION });
    auth = atom<{ user: User | null; isLoading: boolean }>({ user: null, isLoading: false });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  function signIn(claim: (state: CartState) => Promise<Readonly<Record<string, string>>>) {
    const sync = createCartSync({ cart, auth, remote, pending, notify: () => {}, claimGuestPrescriptions: claim });
    auth.set({ user: { id: 'user-1' } as User, isLoading: false });
    return sync.settled();
  }

  it('the line points at the copy in the customer folder, on the device and on the account', async () => {
    const claim = vi.fn(async () => ({ [GUEST_FILE]: 'user-1/3b1f.png' }));
    await signIn(claim);
    expect(claim).toHaveBeenCalledOnce();
    expect(cart.get().items).toEqual([rxLine('user-1/3b1f.png')]);
    expect(saved.get('user-1')).toEqual([rxLine('user-1/3b1f.png')]);
  });

  it('a guest file the server could not find is asked for again, not kept as attached', async () => {
    await signIn(async () => ({}));
    expect(cart.get().items).toEqual([rxLine(null)]);
  });

  it('when the claim cannot be made the cart keeps its prescription and still syncs', async () => {
    await signIn(async () => Promise.reject(new Error('offline')));
    expect(cart.get().items).toEqual([rxLine(GUEST_FILE)]);
    expect(saved.get('user-1')).toEqual([rxLine(GUEST_FILE)]);
  });
});
