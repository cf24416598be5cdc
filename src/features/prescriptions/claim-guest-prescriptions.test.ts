import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine, CartState } from '../../domain/cart-line';
import { claimGuestPrescriptions, guestPrescriptionPaths, withClaimedPrescriptions } from './claim-guest-prescriptions';

const SESSION = '6f1c1b8e-7a55-4c1e-9d2a-0d4f6a1b2c3d';
const GUEST_FILE = `guest-${SESSION}/3b1f.png`;

function line(id: number, prescriptionFileUrl: string | null, requiresPrescription = true): CartLine {
  return {
    product: { id, name: `P${id}`, slug: `p${id}`, mrp_paise: 1000, thumbnail_image: DEFAULT_PRODUCT_IMAGE, category: 'allopathy', requires_prescription: requiresPrescription, sale_state: 'ADD TO CART' },
    quantity: 1,
    prescriptionAccepted: !requiresPrescription || prescriptionFileUrl !== null,
    prescriptionFileUrl,
  };
}

const cart: CartState = {
  sessionId: SESSION,
  items: [line(1, GUEST_FILE), line(2, GUEST_FILE), line(3, 'user-1/old.pdf'), line(4, null, false)],
};

describe('handing guest prescriptions to the account', () => {
  it("sends only this cart's guest files, once each, with the customer's token", async () => {
    expect(guestPrescriptionPaths(cart)).toEqual([GUEST_FILE]);
    const send = vi.fn(async () => Response.json({ moved: { [GUEST_FILE]: 'user-1/3b1f.png' } }));
    const claimed = await claimGuestPrescriptions(cart, 'token-1', send as unknown as typeof fetch);
    expect(claimed).toEqual({ [GUEST_FILE]: 'user-1/3b1f.png' });
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/prescriptions/claim');
    expect(init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(JSON.parse(String(init.body))).toEqual({ cartSessionId: SESSION, paths: [GUEST_FILE] });
  });

  it('asks nothing when the cart holds no guest file', async () => {
    const send = vi.fn();
    expect(await claimGuestPrescriptions({ ...cart, items: [line(3, 'user-1/old.pdf')] }, 't', send as unknown as typeof fetch)).toEqual({});
    expect(send).not.toHaveBeenCalled();
  });

  it('a refused claim throws, so the cart keeps what it has', async () => {
    const send = vi.fn(async () => Response.json({ error: 'nope' }, { status: 500 }));
    await expect(claimGuestPrescriptions(cart, 't', send as unknown as typeof fetch)).rejects.toThrow('500');
  });

  it('moved files are re-pointed; guest files left behind are asked for again; others untouched', () => {
    expect(withClaimedPrescriptions(cart, { [GUEST_FILE]: 'user-1/3b1f.png' })).toEqual([
      line(1, 'user-1/3b1f.png'),
      line(2, 'user-1/3b1f.png'),
      line(3, 'user-1/old.pdf'),
      line(4, null, false),
    ]);
    expect(withClaimedPrescriptions(cart, {}).map((kept) => [kept.prescriptionAccepted, kept.prescriptionFileUrl])).toEqual([
      [false, null],
      [false, null],
      [true, 'user-1/old.pdf'],
      [true, null],
    ]);
  });
});
