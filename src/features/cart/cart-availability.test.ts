import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metformin, paracetamol } from './cart-products.fixture';
import type { CartLine } from './cart-store';

useTestStorageEngine();
const { $cart, addToCart, clearCart, setPrescription } = await import('./cart-store');
const {
  $cartStock,
  $goneProductIds,
  applyLookups,
  availabilityOf,
  catalogueLookup,
  checkoutReadiness,
  refreshCartFromCatalogue,
  refreshCartStock,
  refreshLine,
} = await import('./cart-availability');

function lineOf(product = paracetamol, changes: Partial<CartLine> = {}): CartLine {
  return { product, quantity: 1, prescriptionAccepted: !product.requires_prescription, prescriptionFileUrl: null, ...changes };
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch answering from card files by address, and noting each address asked. */
function cardFiles(files: Record<string, unknown>, requested: string[] = []): typeof fetch {
  return async (url) => {
    requested.push(String(url));
    const file = files[String(url)];
    return file === undefined ? new Response('Not found', { status: 404 }) : jsonResponse(file);
  };
}

describe('catalogueLookup', () => {
  // Paracetamol (101) and ids up to 127 share /catalogue/cards/3.json; metformin (202) is in 6.json.
  it("reads today's card from the file of its id's range", async () => {
    const requested: string[] = [];
    const lookUp = catalogueLookup(cardFiles({ '/catalogue/cards/3.json': [{ ...paracetamol, id: 100 }, { ...paracetamol, mrp_paise: 4000 }] }, requested));
    expect(await lookUp(paracetamol.id)).toEqual({ status: 'found', product: { ...paracetamol, mrp_paise: 4000 } });
    expect(requested).toEqual(['/catalogue/cards/3.json']);
  });

  it('asks once for a file however many of its products are looked up', async () => {
    const requested: string[] = [];
    const lookUp = catalogueLookup(cardFiles({ '/catalogue/cards/3.json': [101, 102, 103, 104, 105].map((id) => ({ ...paracetamol, id })), '/catalogue/cards/6.json': [metformin] }, requested));
    const lookups = await Promise.all([101, 102, 103, 104, 105, metformin.id].map(lookUp));
    expect(lookups.map((lookup) => lookup.status === 'found' && lookup.product.id)).toEqual([101, 102, 103, 104, 105, metformin.id]);
    expect(requested).toEqual(['/catalogue/cards/3.json', '/catalogue/cards/6.json']);
  });

  it('calls a product gone when its file no longer lists it, or the file itself is gone', async () => {
    const lookUp = catalogueLookup(cardFiles({ '/catalogue/cards/3.json': [{ ...paracetamol, id: 100 }] }));
    expect(await lookUp(paracetamol.id)).toEqual({ status: 'gone' });
    expect(await lookUp(metformin.id)).toEqual({ status: 'gone' });
  });

  it('knows nothing when offline, on a server error or on an unreadable file or card', async () => {
    const offline = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await catalogueLookup(offline)(1)).toEqual({ status: 'unknown' });
    expect(await catalogueLookup(async () => new Response('', { status: 500 }))(1)).toEqual({ status: 'unknown' });
    expect(await catalogueLookup(async () => new Response('<html>'))(1)).toEqual({ status: 'unknown' });
    expect(await catalogueLookup(async () => jsonResponse({ ...paracetamol }))(101)).toEqual({ status: 'unknown' });
    expect(await catalogueLookup(async () => jsonResponse([{ id: 101 }]))(101)).toEqual({ status: 'unknown' });
  });
});

describe('refreshLine', () => {
  it("takes today's price, name and flags and keeps quantity and prescription", () => {
    const line = lineOf(metformin, { quantity: 3, prescriptionAccepted: true, prescriptionFileUrl: 'u/a.pdf' });
    const today = { ...metformin, mrp_paise: 9999, name: 'Metformin 500mg Tablet SR' };
    expect(refreshLine(line, { status: 'found', product: today })).toEqual({ ...line, product: today });
  });

  it('keeps the stored line when the catalogue could not be asked, or the product is gone', () => {
    const line = lineOf();
    expect(refreshLine(line, { status: 'unknown' })).toBe(line);
    expect(refreshLine(line, { status: 'gone' })).toBe(line);
  });

  it('asks for a prescription when a product now needs one', () => {
    const line = lineOf(paracetamol);
    const refreshed = refreshLine(line, { status: 'found', product: { ...paracetamol, requires_prescription: true } });
    expect(refreshed.prescriptionAccepted).toBe(false);
  });

  it('accepts a line whose product no longer needs a prescription', () => {
    const line = lineOf(metformin);
    const refreshed = refreshLine(line, { status: 'found', product: { ...metformin, requires_prescription: false } });
    expect(refreshed.prescriptionAccepted).toBe(true);
  });
});

describe('availabilityOf', () => {
  it('marks gone, sold out and discontinued products', () => {
    const none = new Set<number>();
    expect(availabilityOf(lineOf(), none)).toBe('available');
    expect(availabilityOf(lineOf(), new Set([paracetamol.id]))).toBe('gone');
    expect(availabilityOf(lineOf({ ...paracetamol, sale_state: 'SOLD OUT' }), none)).toBe('sold-out');
    expect(availabilityOf(lineOf({ ...paracetamol, sale_state: 'DISCONTINUED' }), none)).toBe('discontinued');
  });

  it('goes by the live stock of a tracked product: none left is sold out, fewer than the line holds is short', () => {
    const none = new Set<number>();
    expect(availabilityOf(lineOf(paracetamol, { quantity: 3 }), none, { [paracetamol.id]: 0 })).toBe('sold-out');
    expect(availabilityOf(lineOf(paracetamol, { quantity: 3 }), none, { [paracetamol.id]: 2 })).toBe('short');
    expect(availabilityOf(lineOf(paracetamol, { quantity: 2 }), none, { [paracetamol.id]: 2 })).toBe('available');
    // An untracked product is left to the catalogue.
    expect(availabilityOf(lineOf(paracetamol, { quantity: 3 }), none, { [metformin.id]: 0 })).toBe('available');
  });
});

describe('checkoutReadiness', () => {
  const none = new Set<number>();
  it('an empty cart cannot proceed', () => {
    expect(checkoutReadiness([], none)).toBe('empty');
  });

  it('an unavailable line blocks checkout', () => {
    expect(checkoutReadiness([lineOf(), lineOf({ ...metformin, sale_state: 'SOLD OUT' })], none)).toBe('unavailable-lines');
    expect(checkoutReadiness([lineOf()], new Set([paracetamol.id]))).toBe('unavailable-lines');
  });

  it('a line asking more than is left blocks checkout until it is lowered', () => {
    expect(checkoutReadiness([lineOf(paracetamol, { quantity: 4 })], none, { [paracetamol.id]: 3 })).toBe('unavailable-lines');
    expect(checkoutReadiness([lineOf(paracetamol, { quantity: 3 })], none, { [paracetamol.id]: 3 })).toBe('ready');
  });

  it('a prescription-only line not accepted asks for the prescription first', () => {
    expect(checkoutReadiness([lineOf(), lineOf(metformin)], none)).toBe('prescription-pending');
    expect(checkoutReadiness([lineOf(metformin, { prescriptionAccepted: true })], none)).toBe('ready');
  });
});

describe('refreshCartFromCatalogue', () => {
  let unlisten: () => void;
  beforeEach(() => {
    unlisten = $cart.listen(() => {});
    clearCart();
    $goneProductIds.set(new Set());
  });
  afterEach(() => {
    unlisten();
    cleanTestStorage();
  });

  it('shows a changed price, marks a gone product and leaves every other line alone', async () => {
    addToCart(paracetamol);
    addToCart(metformin);
    addToCart({ ...paracetamol, id: 303, name: 'Offline Balm' });
    await refreshCartFromCatalogue(async (url) => {
      if (String(url) === '/catalogue/cards/3.json') return jsonResponse([{ ...paracetamol, mrp_paise: 4200 }]);
      if (String(url) === '/catalogue/cards/6.json') return new Response('', { status: 404 });
      throw new TypeError('Failed to fetch');
    });
    const [first, second, third] = $cart.get().items;
    expect(first?.product.mrp_paise).toBe(4200);
    expect(second?.product).toEqual(metformin);
    expect(third?.product.name).toBe('Offline Balm');
    expect([...$goneProductIds.get()]).toEqual([metformin.id]);
  });

  it('refreshes lines whose products share a card file with one request, and marks the one it no longer lists', async () => {
    addToCart(paracetamol);
    addToCart({ ...paracetamol, id: 102, name: 'Paracetamol 650mg Tablet' });
    addToCart({ ...paracetamol, id: 103, name: 'Withdrawn Syrup' });
    const requested: string[] = [];
    await refreshCartFromCatalogue(cardFiles({ '/catalogue/cards/3.json': [{ ...paracetamol, mrp_paise: 4200 }, { ...paracetamol, id: 102, name: 'Paracetamol 650mg Tablet', mrp_paise: 5200 }] }, requested));
    expect(requested).toEqual(['/catalogue/cards/3.json']);
    expect($cart.get().items.map((line) => line.product.mrp_paise)).toEqual([4200, 5200, paracetamol.mrp_paise]);
    expect([...$goneProductIds.get()]).toEqual([103]);
  });

  it('keeps changes made while the lookups were under way', () => {
    addToCart(metformin);
    setPrescription(metformin.id, true, 'u/a.pdf');
    addToCart(paracetamol);
    applyLookups(new Map([[paracetamol.id, { status: 'found', product: { ...paracetamol, sale_state: 'SOLD OUT' } }]]));
    expect($cart.get().items.map((line) => [line.product.id, line.product.sale_state, line.prescriptionFileUrl])).toEqual([
      [metformin.id, 'ADD TO CART', 'u/a.pdf'],
      [paracetamol.id, 'SOLD OUT', null],
    ]);
  });

  it('leaves the stored cart alone when the catalogue says what it already holds', () => {
    addToCart(metformin);
    addToCart(paracetamol);
    const writes: unknown[] = [];
    const stop = $cart.listen((cart) => writes.push(cart));
    applyLookups(new Map([[metformin.id, { status: 'found', product: { ...metformin } }], [paracetamol.id, { status: 'unknown' }]]));
    expect(writes).toEqual([]);
    applyLookups(new Map([[metformin.id, { status: 'found', product: { ...metformin, mrp_paise: metformin.mrp_paise + 100 } }]]));
    expect(writes).toHaveLength(1);
    stop();
  });

  it('a product found again is no longer marked gone', () => {
    addToCart(paracetamol);
    applyLookups(new Map([[paracetamol.id, { status: 'gone' }]]));
    applyLookups(new Map([[paracetamol.id, { status: 'found', product: paracetamol }]]));
    expect($goneProductIds.get().size).toBe(0);
  });
});

describe('refreshCartStock', () => {
  afterEach(() => {
    clearCart();
    $cartStock.set({});
    cleanTestStorage();
  });

  it("asks once for every line's product and keeps the answer", async () => {
    addToCart(paracetamol);
    addToCart(metformin);
    const asked: string[] = [];
    await refreshCartStock(async (input) => {
      asked.push(String(input));
      return jsonResponse({ [metformin.id]: 1 });
    });
    expect(asked).toEqual([`/api/stock/availability?ids=${paracetamol.id},${metformin.id}`]);
    expect($cartStock.get()).toEqual({ [metformin.id]: 1 });
  });

  it('keeps what it knew when the request fails, and asks nothing for an empty cart', async () => {
    $cartStock.set({ [paracetamol.id]: 2 });
    addToCart(paracetamol);
    await refreshCartStock(async () => jsonResponse({ error: 'Stock could not be checked just now.' }, 503));
    await refreshCartStock(async () => {
      throw new TypeError('offline');
    });
    expect($cartStock.get()).toEqual({ [paracetamol.id]: 2 });
    clearCart();
    let asked = false;
    await refreshCartStock(async () => {
      asked = true;
      return jsonResponse({});
    });
    expect(asked).toBe(false);
  });
});
