import { z } from 'zod';
import { guestOrderToken } from '../../../domain/guest-order-link';
import { localMobileDigits } from '../../../domain/indian-mobile';
import { GUEST_EMAIL_MESSAGE, orderPagePath } from '../../../domain/payment-contract';
import { prescriptionRequestNumberPattern } from '../../../domain/prescription-request-status';
import { sellingPricePaise } from '../../../domain/selling-price';
import type { CatalogueIndex } from '../../checkout/server/public';
import type { ReorderIndex } from '../../checkout/server/public';
import type { ReorderFacts } from '../../../domain/catalogue-shards';
import { isPurchasable } from '../../../domain/product';
import { buyerFolder, identifyBuyer, type Buyer } from '../../checkout/server/public';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost, respond } from '../../../lib/server/http';
import { settleDelivery, type DeliveryChecker } from '../../checkout/server/public';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { requestViewSchema, submitRequestSchema, type RequestView } from '../../../domain/prescription-request-contract';
import { REQUEST_CANNOT_SHOW, REQUEST_NOT_FOUND } from '../../../domain/prescription-request-strings';
import { isRequestKey, requestKey } from './request-key';
import { sendWaitingMessages } from '../../messages/server/public';
import { refusals } from '../../../domain/strings/english/refusals';
import { answeredIn } from '../../../lib/server/answered-in';
import { fill } from '../../../domain/strings/fill';

const BUCKET = 'prescriptions';
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

/** What the request functions run against: the order functions' database and env, the delivery check and the catalogue's prices. */
export interface RequestDependencies {
  orders: ServerDependencies;
  catalogue: CatalogueIndex;
  /** Each proposed medicine's cheaper substitute of the same salt and pack, offered on the proposal. */
  reorder: ReorderIndex;
  /** Where a request can be delivered: checkout's own check (the pharmacy's zone, else the courier provider). */
  checkDelivery: DeliveryChecker;
}

interface StoredFile {
  path: string;
  name: string;
  type: string;
  size: number;
}

const storedMetadataSchema = z.object({ size: z.number(), mimetype: z.string() });

/**
 * Each file must lie in the buyer's own folder and be in storage; its size and type are read from
 * storage (the bucket enforces them too), never taken from the browser.
 */
async function storedFiles(deps: RequestDependencies, buyer: Buyer, files: readonly { path: string; name: string }[]): Promise<StoredFile[]> {
  const folder = buyerFolder(buyer);
  const { data, error } = await deps.orders.db.storage.from(BUCKET).list(folder, { limit: 1000 });
  if (error) throw new Error(`listing ${folder}: ${error.message}`);
  const found = new Map(data.map((entry) => [entry.name, entry.metadata]));
  return files.map((file) => {
    const name = file.path.slice(folder.length + 1);
    if (!file.path.startsWith(`${folder}/`) || !FILE_NAME.test(name)) throw new HttpRefusal(422, fill(refusals.fileNotInFolder, { name: file.name }));
    const metadata = storedMetadataSchema.safeParse(found.get(name));
    if (!metadata.success) throw new HttpRefusal(422, fill(refusals.fileNotFound, { name: file.name }));
    const type = metadata.data.mimetype.split(';')[0]!.trim().toLowerCase();
    if (metadata.data.size > MAX_FILE_BYTES) throw new HttpRefusal(422, fill(refusals.fileTooLarge, { name: file.name }));
    if (!type.startsWith('image/') && type !== 'application/pdf') throw new HttpRefusal(422, fill(refusals.fileNotImageOrPdf, { name: file.name }));
    return { path: file.path, name: file.name, type, size: metadata.data.size };
  });
}

/** POST /api/prescription-requests/submit -> {requestNumber, key?}: records a request (no payment). */
export async function submitRequest(req: Request, deps: () => RequestDependencies): Promise<Response> {
  requirePost(req);
  const body = parseBody(submitRequestSchema, parseJson(await readRawBody(req)));
  // The customer's refusals from here on are said in the language of the page they send from.
  return answeredIn(body.language, () => recordRequest(req, deps(), body));
}

async function recordRequest(req: Request, dependencies: RequestDependencies, body: z.output<typeof submitRequestSchema>): Promise<Response> {
  const db = dependencies.orders.db;
  if (req.headers.get('authorization') === null && !body.guestSessionId) throw new HttpRefusal(422, 'guestSessionId is required without a sign-in');
  const buyer = await identifyBuyer(req, body.guestSessionId ?? '', async (token) => (await db.auth.getUser(token)).data.user?.id ?? null);
  // A request goes wherever an order can (its pharmacist's proposal is paid with this address).
  const { delivery } = await settleDelivery(body.delivery, buyer, dependencies.checkDelivery, dependencies.orders.now());
  const files = await storedFiles(dependencies, buyer, body.files);
  let email = delivery.email;
  if (!email && buyer.kind === 'customer') email = (await db.auth.admin.getUserById(buyer.userId)).data.user?.email ?? null;
  if (!email) throw new HttpRefusal(422, GUEST_EMAIL_MESSAGE);

  const { data: request, error } = await db
    .from('prescription_requests')
    .insert({
      user_id: buyer.kind === 'customer' ? buyer.userId : null,
      guest_session_id: buyer.kind === 'guest' ? buyer.guestSessionId : null,
      note: body.note?.trim() || null,
      delivery_name: delivery.name,
      delivery_mobile: delivery.mobile,
      delivery_email: email,
      delivery_line1: delivery.line1,
      delivery_line2: delivery.line2,
      delivery_city: delivery.city,
      delivery_state: delivery.state,
      delivery_pin_code: delivery.pinCode,
      delivery_zone_id: delivery.zoneId,
      language: body.language,
    })
    .select('id, request_number')
    .single();
  if (error) throw new Error(`recording the prescription request: ${error.message}`);
  const { error: filesError } = await db
    .from('prescription_request_files')
    .insert(files.map((file) => ({ request_id: request.id, file_path: file.path, file_name: file.name, file_type: file.type, size_bytes: file.size })));
  if (filesError) {
    await db.from('prescription_requests').delete().eq('id', request.id);
    throw new Error(`recording the prescription files: ${filesError.message}`);
  }
  const key = buyer.kind === 'guest' ? await requestKey(request.id, dependencies.orders.env.ORDER_LINK_SECRET) : undefined;
  await sendWaitingMessages(dependencies.orders, { requestId: request.id });
  return jsonResponse({ requestNumber: request.request_number, ...(key ? { key } : {}) }, 201);
}

const REQUEST_VIEW_COLUMNS =
  'id, user_id, order_id, request_number, status, note, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code, rejection_reason, expires_at, created_at';

const viewLineSchema = z.object({
  product_id: z.number().nullable(),
  name: z.string(),
  line_status: z.enum(['proposed', 'unavailable', 'not_prescribed']),
  reason: z.string().nullable(),
  prescribed_quantity: z.number(),
  quantity: z.number(),
});

/** The request's lines with today's prices from the catalogue the checkout charges. */
async function pricedLines(dependencies: RequestDependencies, requestId: string) {
  const { data, error } = await dependencies.orders.db
    .from('prescription_request_lines')
    .select('product_id, name, line_status, reason, prescribed_quantity, quantity')
    .eq('request_id', requestId)
    .order('position');
  if (error) throw new Error(`reading the lines of request ${requestId}: ${error.message}`);
  const lines = viewLineSchema.array().parse(data);
  const ids = lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id]));
  const facts = ids.length > 0 ? await dependencies.reorder.lookup(ids) : new Map<number, ReorderFacts>();
  const substituteIds = [...facts.values()].flatMap((fact) => (fact.substitute ? [fact.substitute.id] : []));
  const products = ids.length > 0 ? await dependencies.catalogue.lookup([...ids, ...substituteIds]) : new Map();
  return lines.map((line) => {
    const product = line.product_id === null ? undefined : products.get(line.product_id);
    const substituteFact = line.product_id === null || line.line_status !== 'proposed' ? undefined : facts.get(line.product_id)?.substitute;
    const substitute = substituteFact ? products.get(substituteFact.id) : undefined;
    const price = product ? sellingPricePaise(product) : null;
    // Offered only while it is on sale and still cheaper today than the proposed medicine.
    const cheaper = substitute && price !== null && isPurchasable(substitute) && sellingPricePaise(substitute) < price;
    return {
      ...line,
      price_paise: price,
      mrp_paise: product ? product.mrp_paise : null,
      cod_available: product?.cod_available ?? false,
      substitute: cheaper ? { product_id: substitute.id, name: substitute.name, price_paise: sellingPricePaise(substitute), cod_available: substitute.cod_available } : null,
    };
  });
}

/** The request's address as the checkout's delivery details (stored line2 is "area, Near landmark"). */
function deliveryDetailsOf(row: Record<string, unknown>) {
  const text = (name: string) => String(row[name] ?? '');
  return {
    full_name: text('delivery_name'),
    mobile: localMobileDigits(text('delivery_mobile')),
    email: text('delivery_email'),
    line1: text('delivery_line1'),
    area: (text('delivery_line2') || text('delivery_city')).slice(0, 100),
    city: text('delivery_city'),
    state: text('delivery_state'),
    pin_code: text('delivery_pin_code'),
  };
}

/** GET /api/prescription-requests/get?number=&key=: the request for its owner signed in or a guest with its key. */
export async function getRequest(req: Request, deps: () => RequestDependencies): Promise<Response> {
  if (req.method !== 'GET') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET`);
  const url = new URL(req.url);
  const number = url.searchParams.get('number') ?? '';
  const key = url.searchParams.get('key');
  if (!prescriptionRequestNumberPattern.test(number)) throw new HttpRefusal(404, REQUEST_NOT_FOUND);
  const dependencies = deps();
  const db = dependencies.orders.db;
  const { data, error } = await db.from('prescription_requests').select(REQUEST_VIEW_COLUMNS).eq('request_number', number).maybeSingle();
  if (error) throw new Error(`reading request ${number}: ${error.message}`);
  if (!data) throw new HttpRefusal(404, REQUEST_NOT_FOUND);
  const row = data as Record<string, unknown> & { id: string; user_id: string | null; order_id: string | null };
  const token = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1];
  const signedIn = token ? (await db.auth.getUser(token)).data.user?.id : undefined;
  const allowed = (signedIn && signedIn === row.user_id) || (key && (await isRequestKey(row.id, key, dependencies.orders.env.ORDER_LINK_SECRET)));
  if (!allowed) throw new HttpRefusal(403, REQUEST_CANNOT_SHOW);
  const files = await db.from('prescription_request_files').select('file_name').eq('request_id', row.id).order('id');
  if (files.error) throw new Error(`reading the files of request ${number}: ${files.error.message}`);
  let order = null;
  if (row.order_id && row.status === 'paid') {
    const paid = await db.from('orders').select('order_number').eq('id', row.order_id).single<{ order_number: string }>();
    if (paid.error) throw new Error(`reading the order of request ${number}: ${paid.error.message}`);
    const guestKey = row.user_id ? undefined : await guestOrderToken(row.order_id, dependencies.orders.env.ORDER_LINK_SECRET);
    order = { order_number: paid.data.order_number, path: orderPagePath(paid.data.order_number, guestKey) };
  }
  const view: RequestView = requestViewSchema.parse({ ...row, files: files.data, lines: await pricedLines(dependencies, row.id), delivery: deliveryDetailsOf(row), order });
  return jsonResponse(view);
}

/** Wraps a request function the way the payment functions are wrapped: refusals as JSON, the rest logged. */
export const requestFunction =
  (label: string, handler: (req: Request, deps: () => RequestDependencies) => Promise<Response>) =>
  (req: Request, deps: () => RequestDependencies): Promise<Response> =>
    respond(label, () => handler(req, deps));
