import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { readDrugTaxRows } from '../../../domain/catalogue-shards';
import { needsH1Register, type DrugTaxFacts } from '../../../domain/drug-tax';
import { rejectedLinesPaise } from '../../../domain/desk';
import { unitPricePaise } from '../../../domain/order-line';
import { buildInvoice, type DispatchedLine, type Seller } from '../../../domain/tax-invoice';
import { catalogueShardReader } from '../../../lib/catalogue-shard-files';
import { HttpRefusal } from '../../../lib/server/http';
import type { DeskOrder } from './desk-store';
import type { StaffMember } from './staff';

/**
 * The records a dispatch leaves (issue 23): before an order is marked shipped, every stock-tracked
 * line has its batches, every Schedule H1 line its prescriber's details; then its GST tax invoice
 * is issued (the next number of the year's gap-free series, the printed content frozen) and its H1
 * lines are written to the register. Both are idempotent, so a retried dispatch adds nothing.
 */

/** The schedule, HSN code and GST rate of products by id (the build's drug-tax shards). */
export interface DrugTaxIndex {
  lookup(ids: readonly number[]): Promise<ReadonlyMap<number, DrugTaxFacts>>;
}

export function drugTaxFiles(root: string): DrugTaxIndex {
  return { lookup: catalogueShardReader(root, 'drug-tax', readDrugTaxRows) };
}

export function inMemoryDrugTaxIndex(facts: ReadonlyMap<number, DrugTaxFacts>): DrugTaxIndex {
  return { lookup: async (ids) => new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!] as const] : []))) };
}

export interface DispatchRecords {
  /** Refuses (422) accepting an H1 line whose prescriber and patient are not recorded yet. */
  requireH1Details(order: DeskOrder, lineIndex: number): Promise<void>;
  /** Checks the order may ship, then issues its invoice and writes its H1 register rows; answers the invoice number. */
  recordDispatch(order: DeskOrder, staff: StaffMember): Promise<string>;
  /** Issues the credit note reversing the order's invoice (once); refuses (409) an order with no invoice. */
  recordReturn(order: DeskOrder, reason: string): Promise<string>;
}

const buyerSchema = z.object({
  delivery_name: z.string().nullable(),
  delivery_line1: z.string().nullable(),
  delivery_line2: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_state: z.string().nullable(),
  delivery_pin_code: z.string().nullable(),
});
const lineBatchSchema = z.object({ line_index: z.number().int(), batch_number: z.string(), expiry_date: z.string(), quantity: z.number().int(), mrp_paise: z.number().int() });
const decisionSchema = z.object({ line_index: z.number().int(), decision: z.enum(['accepted', 'rejected']), pharmacist_name: z.string(), registration_number: z.string() });

const lineName = (order: DeskOrder, index: number) => `line ${index + 1} (${order.lines[index]?.name ?? 'unknown'})`;

export class SupabaseDispatchRecords implements DispatchRecords {
  private readonly client: SupabaseClient;

  constructor(
    supabaseUrl: string,
    serviceRoleKey: string,
    private readonly drugTax: DrugTaxIndex,
    private readonly seller: Seller,
  ) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  }

  private async read<T>(what: string, query: PromiseLike<{ data: unknown; error: { message: string } | null }>, schema: z.ZodType<T>): Promise<T> {
    const { data, error } = await query;
    if (error) throw new Error(`reading ${what}: ${error.message}`);
    return schema.parse(data);
  }

  private async h1Recorded(orderId: string): Promise<Set<number>> {
    const rows = await this.read('the H1 prescriptions', this.client.from('h1_prescriptions').select('line_index').eq('order_id', orderId), z.array(z.object({ line_index: z.number().int() })));
    return new Set(rows.map((row) => row.line_index));
  }

  async requireH1Details(order: DeskOrder, lineIndex: number): Promise<void> {
    const line = order.lines[lineIndex];
    if (!line) return;
    const facts = (await this.drugTax.lookup([line.product_id])).get(line.product_id);
    if (!facts || !needsH1Register(facts.schedule)) return;
    if (!(await this.h1Recorded(order.id)).has(lineIndex)) {
      throw new HttpRefusal(422, `${line.name} is a Schedule H1 drug: record the patient, the prescriber and the prescriber’s registration number before accepting it.`);
    }
  }

  async recordDispatch(order: DeskOrder, staff: StaffMember): Promise<string> {
    const [held, batches, decisions, buyer, facts, h1Recorded] = await Promise.all([
      this.read('the reservations', this.client.from('stock_reservations').select('line_index').eq('order_id', order.id).eq('state', 'held'), z.array(z.object({ line_index: z.number().int() }))),
      this.read('the picked batches', this.client.from('order_line_batches').select('line_index, batch_number, expiry_date, quantity, mrp_paise').eq('order_id', order.id).order('id'), z.array(lineBatchSchema)),
      this.read('the decisions', this.client.from('order_line_decisions').select('line_index, decision, pharmacist_name, registration_number').eq('order_id', order.id).order('at'), z.array(decisionSchema)),
      this.read('the delivery address', this.client.from('orders').select('delivery_name, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code').eq('id', order.id).single(), buyerSchema),
      this.drugTax.lookup(order.lines.map((line) => line.product_id)),
      this.h1Recorded(order.id),
    ]);
    const unpicked = held.map((row) => row.line_index).sort((a, b) => a - b);
    if (unpicked.length > 0) throw new HttpRefusal(422, `Pick the batches of ${unpicked.map((index) => lineName(order, index)).join(', ')} before the order ships.`);
    if (!buyer.delivery_state || !buyer.delivery_pin_code) throw new HttpRefusal(422, `Order ${order.order_number} has no delivery address: its tax invoice needs the place of supply.`);

    const rejected = decisions.filter((decision) => decision.decision === 'rejected').map((decision) => decision.line_index);
    const shipping = order.lines.map((line, index) => ({ line, index })).filter(({ index }) => !rejected.includes(index));
    const factsOf = (productId: number, name: string): DrugTaxFacts => {
      const found = facts.get(productId);
      if (!found) throw new HttpRefusal(422, `${name} is no longer in the catalogue, so its HSN code and GST rate are unknown: ask an editor to restore it before this order ships.`);
      if (found.hsnCode === null || found.gstRate === null) throw new HttpRefusal(422, `${name} has no HSN code or GST rate in the catalogue: ask an editor to add them before this order ships.`);
      return found;
    };
    const h1Lines = shipping.filter(({ line }) => needsH1Register(factsOf(line.product_id, line.name).schedule)).map(({ index }) => index);
    const unbatchedH1 = h1Lines.filter((index) => !batches.some((batch) => batch.line_index === index));
    if (unbatchedH1.length > 0) {
      throw new HttpRefusal(422, `${unbatchedH1.map((index) => lineName(order, index)).join(', ')} is Schedule H1 and the register needs its batch: import its stock, then pick the batch.`);
    }
    const missingH1 = h1Lines.filter((index) => !h1Recorded.has(index));
    if (missingH1.length > 0) {
      throw new HttpRefusal(422, `${missingH1.map((index) => lineName(order, index)).join(', ')} is Schedule H1: a pharmacist must record the prescriber and patient before it ships.`);
    }

    const lines: DispatchedLine[] = shipping.map(({ line, index }) => {
      const { hsnCode, gstRate, schedule } = factsOf(line.product_id, line.name);
      const picked = batches.filter((batch) => batch.line_index === index);
      return {
        name: line.name,
        hsnCode: hsnCode!,
        gstRate: gstRate!,
        schedule,
        unitPricePaise: unitPricePaise(line),
        ...(line.discount_paise ? { discountPaise: line.discount_paise } : {}),
        // A product not stock-tracked yet has no batch on record; its row says so rather than inventing one.
        batches:
          picked.length > 0
            ? picked.map((batch) => ({ batchNumber: batch.batch_number, expiryDate: batch.expiry_date, quantity: batch.quantity, mrpPaise: batch.mrp_paise }))
            : [{ batchNumber: 'Not recorded', expiryDate: '', quantity: line.quantity, mrpPaise: line.unit_mrp_paise }],
      };
    });
    const reviewer = decisions.findLast((decision) => decision.decision === 'accepted');
    const pharmacist = reviewer
      ? { name: reviewer.pharmacist_name, registrationNumber: reviewer.registration_number }
      : staff.role === 'pharmacist' && staff.registrationNumber
        ? { name: staff.name, registrationNumber: staff.registrationNumber }
        : this.seller.pharmacistInCharge;
    const document = buildInvoice({
      seller: this.seller,
      buyer: {
        name: buyer.delivery_name,
        addressLines: [buyer.delivery_line1, buyer.delivery_line2, buyer.delivery_city].filter((part): part is string => Boolean(part)),
        state: buyer.delivery_state,
        pinCode: buyer.delivery_pin_code,
      },
      orderNumber: order.order_number,
      lines,
      pharmacist,
      paidPaise: order.amount_paise - rejectedLinesPaise(order.lines, rejected),
    });

    const issued = await this.client.rpc('issue_tax_document', { p_order_id: order.id, p_kind: 'invoice', p_document: document });
    if (issued.error) throw new Error(`issuing the tax invoice of ${order.order_number}: ${issued.error.message}`);
    const invoiceNumber = z.object({ number: z.string() }).parse(issued.data).number;
    if (h1Lines.length > 0) {
      const written = await this.client.rpc('write_h1_register', { p_order_id: order.id, p_h1_lines: h1Lines });
      if (written.error) throw new Error(`writing the Schedule H1 register of ${order.order_number}: ${written.error.message}`);
    }
    return invoiceNumber;
  }

  async recordReturn(order: DeskOrder, reason: string): Promise<string> {
    const issued = await this.client.rpc('issue_credit_note', { p_order_id: order.id, p_reason: reason });
    if (issued.error) throw new Error(`issuing the credit note of ${order.order_number}: ${issued.error.message}`);
    const { number } = z.object({ number: z.string().nullable() }).parse(issued.data);
    if (!number) throw new HttpRefusal(409, `Order ${order.order_number} has no tax invoice, so there is nothing to credit.`);
    return number;
  }
}
