import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dailySales, type ReportMethod, type ReportOrder } from './daily-sales';
import type { GstRate } from './gst';
import { documentLinesCsv, gstr1Json, gstr1Problems, gstr1Schema, gstr3bSummary, monthBounds, monthReturn, stateCode, type StoredTaxDocument } from './gst-returns';
import { buildInvoice, sellerSchema, type DispatchedLine, type InvoiceDocument } from './tax-invoice';

const seller = sellerSchema.parse(JSON.parse(readFileSync('content/pharmacy/seller.json', 'utf8')));

const line = (name: string, hsnCode: string, gstRate: GstRate, unitPricePaise: number, quantity: number): DispatchedLine => ({
  name,
  hsnCode,
  gstRate,
  schedule: 'OTC',
  unitPricePaise,
  batches: [{ batchNumber: `B-${hsnCode}-${gstRate}`, expiryDate: '2028-03-31', quantity, mrpPaise: unitPricePaise }],
});

const insulin = line('Insulin Glargine 100IU/ml', '30043110', 0, 64_550, 2);
const paracetamol = line('Paracetamol 650mg Tablet', '30049099', 5, 3_099, 3);
const azithro = line('Azithromycin 500mg Tablet', '30042019', 12, 11_933, 1);
const serum = line('Niacinamide 10% Face Serum', '33049990', 18, 49_999, 1);
const oncology = line('Trastuzumab 440mg Injection', '30021500', 12, 5_500_001, 2);

function invoiceOf(orderNumber: string, state: string, lines: DispatchedLine[]): InvoiceDocument {
  const paidPaise = lines.reduce((sum, each) => sum + each.unitPricePaise * each.batches.reduce((count, batch) => count + batch.quantity, 0), 0);
  return buildInvoice({
    seller,
    buyer: { name: 'Ravi Kumar', addressLines: ['12 MG Road'], state, pinCode: '560001' },
    orderNumber,
    lines,
    pharmacist: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
    paidPaise,
  });
}

let invoiceNo = 40;
let creditNo = 6;
const invoice = (orderNumber: string, state: string, lines: DispatchedLine[], issuedAt: string): StoredTaxDocument => {
  invoiceNo += 1;
  return {
    kind: 'invoice',
    number: `MK/2627/${String(invoiceNo).padStart(6, '0')}`,
    financial_year: '2026-27',
    sequence_number: invoiceNo,
    refers_to: null,
    order_number: orderNumber,
    issued_at: issuedAt,
    document: invoiceOf(orderNumber, state, lines),
  };
};
/** issue_credit_note copies the invoice and adds the reason. */
const creditNote = (of: StoredTaxDocument, issuedAt: string): StoredTaxDocument => {
  creditNo += 1;
  return {
    kind: 'credit_note',
    number: `CN/2627/${String(creditNo).padStart(6, '0')}`,
    financial_year: '2026-27',
    sequence_number: creditNo,
    refers_to: of.number,
    order_number: of.order_number,
    issued_at: issuedAt,
    document: { ...of.document, reason: 'Order returned' },
  };
};

// November 2026: intra-state (Karnataka, the seller's state) and inter-state, 0/5/12/18 %, a B2C
// large invoice, a returned order with its credit note, and a credit note against the large invoice.
const intra = invoice('MK-2611-000101', 'Karnataka', [insulin, paracetamol, azithro, serum], '2026-10-31T18:30:00.000Z'); // 1 Nov 00:00 IST
const inter = invoice('MK-2611-000102', 'Maharashtra', [paracetamol, azithro, insulin], '2026-11-10T06:00:00.000Z');
const large = invoice('MK-2611-000103', 'Tamil Nadu', [oncology], '2026-11-12T09:00:00.000Z');
const returned = invoice('MK-2611-000104', 'Karnataka', [serum, paracetamol], '2026-11-15T09:00:00.000Z');
const returnNote = creditNote(returned, '2026-11-20T10:00:00.000Z');
const largeNote = creditNote(large, '2026-11-30T18:29:59.999Z'); // 30 Nov 23:59 IST
const month = [intra, inter, large, returned, returnNote, largeNote];
const invoices = month.filter((document) => document.kind === 'invoice');
const notes = month.filter((document) => document.kind === 'credit_note');

const built = () => monthReturn({ month: '2026-11', gstin: seller.gstin, documents: month, reversedInvoiceTotals: new Map([[large.number, large.document.totals.totalPaise]]) });
const paiseOf = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);

describe('the month', () => {
  it('runs from midnight to midnight in India', () => {
    expect(monthBounds('2026-11')).toEqual({ from: '2026-10-31T18:30:00.000Z', to: '2026-11-30T18:30:00.000Z' });
    expect(() => monthReturn({ month: '2026-12', gstin: seller.gstin, documents: [intra], reversedInvoiceTotals: new Map() })).toThrow(/outside 2026-12/);
  });

  it('knows the place of supply by its GST state code', () => {
    expect(stateCode('Karnataka')).toBe('29');
    expect(stateCode(' tamil nadu ')).toBe('33');
    expect(() => stateCode('Atlantis')).toThrow(/GST state code/);
  });
});

describe('GSTR-1 of a month', () => {
  it('puts every row of every small invoice, minus its credit notes, in b2cs by supply, place and rate; 0 % in nil', () => {
    const json = gstr1Json(built());
    const rows = (documents: StoredTaxDocument[], supply: string, state: string, rate: number) =>
      documents.filter((doc) => doc.document.supply === supply && doc.document.placeOfSupply === state).flatMap((doc) => doc.document.rows.filter((row) => row.gstRate === rate));
    const sum = (picked: InvoiceDocument['rows'], key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => picked.reduce((total, row) => total + row[key], 0);
    const small = invoices.filter((doc) => doc !== large);
    const smallNotes = notes.filter((doc) => doc !== largeNote);
    expect(json.b2cs).toEqual([
      ...[5, 12].map((rt) => {
        const sold = rows(small, 'inter_state', 'Maharashtra', rt);
        return { sply_ty: 'INTER', pos: '27', typ: 'OE', rt, txval: sum(sold, 'taxablePaise') / 100, iamt: sum(sold, 'igstPaise') / 100, csamt: 0 };
      }),
      ...[5, 12, 18].map((rt) => {
        const sold = rows(small, 'intra_state', 'Karnataka', rt);
        const credited = rows(smallNotes, 'intra_state', 'Karnataka', rt);
        return {
          sply_ty: 'INTRA',
          pos: '29',
          typ: 'OE',
          rt,
          txval: (sum(sold, 'taxablePaise') - sum(credited, 'taxablePaise')) / 100,
          camt: (sum(sold, 'cgstPaise') - sum(credited, 'cgstPaise')) / 100,
          samt: (sum(sold, 'sgstPaise') - sum(credited, 'sgstPaise')) / 100,
          csamt: 0,
        };
      }),
    ]);
    // The returned order's serum was the month's only other 18 % sale: it nets to the intra invoice's.
    const serumRow = intra.document.rows.find((row) => row.gstRate === 18)!;
    expect(json.b2cs?.find((row) => row.rt === 18)).toMatchObject({ txval: serumRow.taxablePaise / 100, camt: serumRow.cgstPaise / 100, samt: serumRow.sgstPaise / 100 });
    expect(serumRow.taxablePaise).toBe(42_372); // 499.99 / 1.18
    expect(json.nil).toEqual({
      inv: [
        { sply_ty: 'INTRB2C', expt_amt: 0, nil_amt: 1_291, ngsup_amt: 0 },
        { sply_ty: 'INTRAB2C', expt_amt: 0, nil_amt: 1_291, ngsup_amt: 0 },
      ],
    });
  });

  it('lists the inter-state invoice above Rs 1,00,000 in b2cl and its credit note in cdnur', () => {
    const json = gstr1Json(built());
    const row = large.document.rows[0]!;
    expect(large.document.totals.totalPaise).toBe(11_000_002);
    expect(json.b2cl).toEqual([
      { pos: '33', inv: [{ inum: large.number, idt: '12-11-2026', val: 110_000.02, itms: [{ num: 1, itm_det: { rt: 12, txval: row.taxablePaise / 100, iamt: row.igstPaise / 100, csamt: 0 } }] }] },
    ]);
    expect(json.cdnur).toEqual([
      { typ: 'B2CL', ntty: 'C', nt_num: largeNote.number, nt_dt: '30-11-2026', pos: '33', val: 110_000.02, itms: [{ num: 1, itm_det: { rt: 12, txval: row.taxablePaise / 100, iamt: row.igstPaise / 100, csamt: 0 } }] },
    ]);
  });

  it('sums quantities and values per HSN code and rate, net of credit notes', () => {
    const json = gstr1Json(built());
    const hsn = Object.fromEntries(json.hsn.hsn_b2c.map((row) => [row.hsn_sc, row]));
    expect(hsn['30049099']).toMatchObject({ rt: 5, uqc: 'NOS', qty: 6, desc: 'Paracetamol 650mg Tablet' }); // 3 + 3 + 3 sold, 3 credited
    expect(hsn['33049990']).toMatchObject({ rt: 18, qty: 1 });
    expect(hsn['30043110']).toMatchObject({ rt: 0, qty: 4, txval: 2_582, iamt: 0, camt: 0, samt: 0 });
    expect(hsn['30021500']).toMatchObject({ rt: 12, qty: 0, txval: 0, iamt: 0 });
    expect(json.hsn.hsn_b2c.map((row) => row.num)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists each series issued with its first and last number, total and none cancelled', () => {
    expect(gstr1Json(built()).doc_issue).toEqual({
      doc_det: [
        { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: intra.number, to: returned.number, totnum: 4, cancel: 0, net_issue: 4 }] },
        { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: returnNote.number, to: largeNote.number, totnum: 2, cancel: 0, net_issue: 2 }] },
      ],
    });
  });

  it('adds up to the month\'s invoices minus its credit notes, to the paisa, and validates against the schema', () => {
    const result = built();
    const json = gstr1Json(result);
    // The shop's numbers (MK/2627/000041, CN/2627/000007) are within Rule 46's 16 characters.
    expect(gstr1Problems(json)).toEqual([]);
    expect(gstr1Schema.safeParse(json).success).toBe(true);
    // Numbers issued before the short series (MK/2026-27/000041: 17 characters, MK/CN/2026-27/000007:
    // 20) are what the portal would refuse, and nothing else.
    const long = (number: string) => number.replace(/^CN\/2627\//, 'MK/CN/2026-27/').replace(/^MK\/2627\//, 'MK/2026-27/');
    const lengthened = month.map((doc) => ({ ...doc, number: long(doc.number), refers_to: doc.refers_to && long(doc.refers_to) }));
    const refused = gstr1Problems(gstr1Json(monthReturn({ month: '2026-11', gstin: seller.gstin, documents: lengthened, reversedInvoiceTotals: new Map([[long(large.number), large.document.totals.totalPaise]]) })));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((problem) => problem.endsWith('(Rule 46)') && /^(b2cl|cdnur|doc_issue)\./.test(problem))).toBe(true);
    const documented = (documents: StoredTaxDocument[], key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') => documents.reduce((sum, doc) => sum + doc.document.totals[key], 0);
    const net = (key: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') => documented(invoices, key) - documented(notes, key);
    expect(result.totals.net).toEqual({ taxablePaise: net('taxablePaise'), cgstPaise: net('cgstPaise'), sgstPaise: net('sgstPaise'), igstPaise: net('igstPaise'), totalPaise: net('totalPaise') });

    const b2cs = json.b2cs ?? [];
    const b2cl = (json.b2cl ?? []).flatMap((entry) => entry.inv.flatMap((inv) => inv.itms));
    const cdnur = (json.cdnur ?? []).flatMap((note) => note.itms);
    const nil = json.nil?.inv.reduce((sum, row) => sum + paiseOf(row.nil_amt), 0) ?? 0;
    const taxable = b2cs.reduce((sum, row) => sum + paiseOf(row.txval), 0) + b2cl.reduce((sum, item) => sum + paiseOf(item.itm_det.txval), 0) - cdnur.reduce((sum, item) => sum + paiseOf(item.itm_det.txval), 0) + nil;
    expect(taxable).toBe(net('taxablePaise'));
    const igst = b2cs.reduce((sum, row) => sum + paiseOf(row.iamt), 0) + b2cl.reduce((sum, item) => sum + paiseOf(item.itm_det.iamt), 0) - cdnur.reduce((sum, item) => sum + paiseOf(item.itm_det.iamt), 0);
    expect(igst).toBe(net('igstPaise'));
    expect(b2cs.reduce((sum, row) => sum + paiseOf(row.camt), 0)).toBe(net('cgstPaise'));
    expect(b2cs.reduce((sum, row) => sum + paiseOf(row.samt), 0)).toBe(net('sgstPaise'));
    // The HSN summary covers every supply, so it adds up to the same figures.
    expect(json.hsn.hsn_b2c.reduce((sum, row) => sum + paiseOf(row.txval), 0)).toBe(net('taxablePaise'));
    expect(json.hsn.hsn_b2c.reduce((sum, row) => sum + paiseOf(row.iamt) + paiseOf(row.camt) + paiseOf(row.samt), 0)).toBe(net('igstPaise') + net('cgstPaise') + net('sgstPaise'));
  });

  it('gives an empty month its HSN and document tables, empty', () => {
    expect(gstr1Json(monthReturn({ month: '2026-12', gstin: seller.gstin, documents: [], reversedInvoiceTotals: new Map() }))).toEqual({
      gstin: seller.gstin,
      fp: '122026',
      version: 'GST3.2.1',
      hash: 'hash',
      hsn: { hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
  });

  it('flags a b2cs row that a later month\'s credit note takes below zero', () => {
    const december = creditNote(returned, '2026-12-02T05:00:00.000Z');
    const json = gstr1Json(monthReturn({ month: '2026-12', gstin: seller.gstin, documents: [december], reversedInvoiceTotals: new Map([[returned.number, returned.document.totals.totalPaise]]) }));
    expect(json.b2cs?.map((row) => [row.rt, row.txval])).toEqual([
      [5, -returned.document.rows[1]!.taxablePaise / 100],
      [18, -returned.document.rows[0]!.taxablePaise / 100],
    ]);
    expect(gstr1Problems(json).filter((problem) => problem.startsWith('b2cs.'))).toEqual(
      ['b2cs.0.txval', 'b2cs.0.camt', 'b2cs.0.samt', 'b2cs.1.txval', 'b2cs.1.camt', 'b2cs.1.samt'].map((where) => `${where}: the month’s credit notes outweigh its sales here: report it as an amendment (b2csa) of the invoices’ month`),
    );
  });

  it('refuses a file the portal would refuse', () => {
    const json = gstr1Json(monthReturn({ month: '2026-11', gstin: seller.gstin, documents: [intra], reversedInvoiceTotals: new Map() }));
    json.doc_issue.doc_det[0]!.docs[0] = { ...json.doc_issue.doc_det[0]!.docs[0]!, from: 'M2627000041', to: 'M2627000041' };
    expect(gstr1Problems(json)).toEqual([]);
    expect(gstr1Schema.safeParse({ ...json, fp: '2026-11' }).success).toBe(false);
    expect(gstr1Schema.safeParse({ ...json, b2cs: [{ ...json.b2cs![0]!, txval: 1.005 }] }).success).toBe(false);
    expect(gstr1Schema.safeParse({ ...json, b2cs: [{ ...json.b2cs![0]!, pos: 'KA' }] }).success).toBe(false);
    expect(gstr1Schema.safeParse({ ...json, b2cl: [{ pos: '33', inv: [{ inum: 'M2627000043', idt: '12-11-2026', val: 99_999, itms: [{ num: 1, itm_det: { rt: 12, txval: 1, iamt: 0.12, csamt: 0 } }] }] }] }).success).toBe(false);
    expect(gstr1Schema.safeParse({ ...json, b2b: [] }).success).toBe(false);
  });
});

describe('GSTR-3B of a month', () => {
  it('gives 3.1(a) by rate and in total, 0 % in 3.1(c), and 3.2 inter-state supplies by place of supply', () => {
    const summary = gstr3bSummary(built(), month);
    const taxed = built().totals.net;
    expect(summary.outwardTaxable.byRate.map((row) => row.rate)).toEqual([5, 12, 18]);
    expect(summary.nilRatedPaise).toBe(2 * 2 * 64_550);
    expect(summary.outwardTaxable.total.taxablePaise + summary.nilRatedPaise).toBe(taxed.taxablePaise);
    expect(summary.outwardTaxable.total.igstPaise).toBe(taxed.igstPaise);
    expect(summary.outwardTaxable.total.cgstPaise).toBe(taxed.cgstPaise);
    const interRows = inter.document.rows.filter((row) => row.gstRate > 0);
    expect(summary.interStateUnregistered).toEqual([
      { stateCode: '27', state: 'Maharashtra', taxablePaise: interRows.reduce((sum, row) => sum + row.taxablePaise, 0), igstPaise: interRows.reduce((sum, row) => sum + row.igstPaise, 0) },
      { stateCode: '33', state: 'Tamil Nadu', taxablePaise: 0, igstPaise: 0 },
    ]);
  });
});

describe('the CSV of every row', () => {
  it('has one line per row of every invoice and credit note, credit notes negative, so each column adds up to the net', () => {
    const csv = documentLinesCsv(month);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + month.reduce((sum, doc) => sum + doc.document.rows.length, 0));
    expect(lines[0]).toBe('Document,Number,Date,Reverses invoice,Order,Place of supply,State code,Supply,Item,HSN,Batch,Expiry,Quantity,GST rate %,Discount,Taxable value,CGST,SGST,IGST,Amount');
    expect(lines[1]).toBe(`Invoice,${intra.number},2026-11-01,,MK-2611-000101,Karnataka,29,Intra-state,Insulin Glargine 100IU/ml,30043110,B-30043110-0,2028-03-31,2,0,0.00,1291.00,0.00,0.00,0.00,1291.00`);
    expect(lines.find((text) => text.startsWith(`Credit note,${returnNote.number}`))).toBe(
      `Credit note,${returnNote.number},2026-11-20,${returned.number},MK-2611-000104,Karnataka,29,Intra-state,Niacinamide 10% Face Serum,33049990,B-33049990-18,2028-03-31,-1,18,0.00,-423.72,-38.14,-38.13,0.00,-499.99`,
    );
    const column = (index: number) => lines.slice(1).reduce((sum, text) => sum + Math.round(Number(text.split(',')[index]) * 100), 0);
    expect(column(15)).toBe(built().totals.net.taxablePaise);
    expect(column(19)).toBe(built().totals.net.totalPaise);
  });
});

describe('a coupon\'s discount', () => {
  it('is on the CSV row, and the return takes the taxable value after it', () => {
    const discounted: StoredTaxDocument = {
      ...intra,
      number: 'MK/2627/000099',
      order_number: 'MK-2611-000105',
      issued_at: '2026-11-16T09:00:00.000Z',
      document: buildInvoice({ seller, buyer: intra.document.buyer, orderNumber: 'MK-2611-000105', pharmacist: intra.document.pharmacist, lines: [{ ...serum, discountPaise: 5_000 }], paidPaise: 49_999 - 5_000 }),
    };
    const row = discounted.document.rows[0]!;
    expect(row).toMatchObject({ discountPaise: 5_000, amountPaise: 44_999, taxablePaise: 38_135 });
    expect(documentLinesCsv([discounted]).split('\r\n')[1]).toContain(',18,50.00,381.35,34.32,34.32,0.00,449.99');
    expect(gstr1Json(monthReturn({ month: '2026-11', gstin: seller.gstin, documents: [discounted], reversedInvoiceTotals: new Map() })).b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 381.35, camt: 34.32, samt: 34.32, csamt: 0 },
    ]);
  });
});

describe('the daily report', () => {
  const order = (id: string, provider: ReportMethod, status: string, paymentStatus: string, amountPaise: number, createdAt: string): ReportOrder => ({
    id,
    provider,
    status,
    payment_status: paymentStatus,
    amount_paise: amountPaise,
    created_at: createdAt,
  });
  const orders = [
    order('a', 'razorpay', 'delivered', 'paid', 50_000, '2026-11-01T04:00:00Z'),
    order('b', 'cod', 'confirmed', 'pending', 30_000, '2026-11-01T10:00:00Z'),
    order('c', 'phonepe', 'cancelled', 'refunded', 20_000, '2026-11-01T18:29:00Z'), // 1 Nov 23:59 IST: placed, then cancelled
    order('d', 'razorpay', 'cancelled', 'failed', 90_000, '2026-11-02T05:00:00Z'), // never paid: not an order
    order('e', 'cod', 'cancelled', 'pending', 15_000, '2026-11-02T06:00:00Z'), // cancelled cash on delivery
    order('f', 'razorpay', 'shipped', 'partially_refunded', 40_000, '2026-11-02T18:30:00Z'), // 3 Nov in India: outside
  ];
  const refunds = [
    { order_id: 'c', amount_paise: 20_000, state: 'processed', created_at: '2026-11-02T03:00:00Z' },
    { order_id: 'x', amount_paise: 5_000, state: 'failed', created_at: '2026-11-02T03:00:00Z' },
  ];

  it('counts per day and per method: orders, revenue, average, COD share, cancellations and refunds', () => {
    const report = dailySales({ from: '2026-11-01', to: '2026-11-02', orders, refunds, methodOfOrder: new Map<string, ReportMethod>([['c', 'phonepe'], ['x', 'razorpay']]) });
    expect(report.days).toEqual([
      { day: '2026-11-01', orders: 3, revenuePaise: 80_000, averageOrderPaise: 40_000, codOrders: 1, codSharePercent: 33, cancelled: 1, refunds: 0, refundedPaise: 0 },
      { day: '2026-11-02', orders: 1, revenuePaise: 0, averageOrderPaise: 0, codOrders: 1, codSharePercent: 100, cancelled: 1, refunds: 1, refundedPaise: 20_000 },
    ]);
    expect(report.methods.find((row) => row.method === 'phonepe')).toMatchObject({ orders: 1, cancelled: 1, refunds: 1, refundedPaise: 20_000, revenuePaise: 0 });
    expect(report.total).toEqual({ orders: 4, revenuePaise: 80_000, averageOrderPaise: 40_000, codOrders: 2, codSharePercent: 50, cancelled: 2, refunds: 1, refundedPaise: 20_000 });
  });

  it('counts an order the courier brought back undelivered as placed but not as revenue (its invoice is credited)', () => {
    const returned = [order('r', 'cod', 'returned', 'failed', 30_000, '2026-11-01T10:00:00Z'), order('s', 'razorpay', 'returned', 'refunded', 20_000, '2026-11-01T11:00:00Z')];
    const report = dailySales({ from: '2026-11-01', to: '2026-11-01', orders: [orders[0]!, ...returned], refunds: [], methodOfOrder: new Map() });
    expect(report.total).toMatchObject({ orders: 3, revenuePaise: 50_000, averageOrderPaise: 50_000, codOrders: 1, cancelled: 0 });
  });
});
