/**
 * What a hosted Supabase project requires of our migrations, as queries any Postgres answers (PGlite
 * in grants.test.ts, Debian's PostgreSQL 15 in postgres15.test.ts): the privileges each API role
 * holds on every public object, security definer functions with a fixed search_path, and nothing
 * created in Supabase's own auth and storage schemas but storage policies and the bucket.
 */

/** PGlite and a `pg` client both answer `query(sql, params)` with `{ rows }`. */
export interface Queryable {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
type ApiRoleName = (typeof API_ROLES)[number];
type Grants = Partial<Record<ApiRoleName, readonly string[]>>;

const CUSTOMER_OWNED = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];

/**
 * Every table, view and sequence in public with what each role may do (roles left out: nothing).
 * `INSERT(a,b)` is a grant on those columns only. A new object must be added here, with its
 * migration's grants, or the test fails: that is the point.
 */
export const EXPECTED_RELATION_PRIVILEGES: Record<string, Grants> = {
  addresses: { authenticated: CUSTOMER_OWNED, service_role: CUSTOMER_OWNED },
  cart: { authenticated: CUSTOMER_OWNED, service_role: CUSTOMER_OWNED },
  contact_submissions: { anon: ['INSERT'], authenticated: ['INSERT'], service_role: ['SELECT'] },
  order_events: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  order_line_decisions: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  orders: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  payment_webhook_events: { service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  prescription_files: { authenticated: ['SELECT', 'INSERT'], service_role: ['SELECT', 'INSERT'] },
  prescription_views: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  refunds: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  stock_alerts: {
    anon: ['INSERT(email,product_id,user_id)'],
    authenticated: ['INSERT(email,product_id,user_id)'],
    service_role: ['SELECT', 'UPDATE(back_in_stock_at,notified_at)'],
  },
  // Stock and the legal records (issue 23): staff read under RLS, only the server writes.
  stock_batches: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  stock_reservations: { authenticated: ['SELECT'], service_role: ['SELECT', 'UPDATE(settled_at,state)'] },
  stock_settings: { service_role: ['SELECT', 'UPDATE(minimum_shelf_life_days)'] },
  // Coupon codes (issue 41): only the server reads and writes them (the desk function checks marketing first).
  coupons: { service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  coupon_settings: { service_role: ['SELECT', 'UPDATE(discount_prescription_medicines)'] },
  coupon_redemptions: { service_role: ['SELECT'] },
  coupon_redemptions_id_seq: {},
  order_line_batches: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  tax_document_series: { service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  tax_documents: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  h1_prescriptions: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  h1_register: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  // Prescription requests and refill reminders (issue 24): customers read their own, the server writes.
  prescription_requests: { authenticated: ['SELECT'], service_role: CUSTOMER_OWNED },
  prescription_request_files: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  prescription_request_lines: { authenticated: ['SELECT'], service_role: CUSTOMER_OWNED },
  refill_reminders: { authenticated: ['SELECT', 'UPDATE(doses_per_day,stopped_at)'], service_role: CUSTOMER_OWNED },
  // One outbox for every message (issue 38): staff read what was sent, never the text (it carries the order's link).
  message_outbox: { authenticated: ['SELECT(attempts,channel,created_at,delivery_error,delivery_status,delivery_status_at,id,kind,last_error,next_attempt_at,order_id,recipient,request_id,resend_of,sent_at)'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  whatsapp_consents: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  // The account's language (issue 40): a customer sets their own, the server reads it.
  profiles: { authenticated: ['SELECT', 'INSERT(language,user_id)', 'UPDATE(language)'], service_role: ['SELECT'] },
  // Shipping (issue 39): the functions book and track parcels; a customer reads their own order's parcel and scans.
  shipping_serviceability: { service_role: ['SELECT', 'INSERT', 'DELETE'] },
  shipments: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  shipment_scans: { authenticated: ['SELECT'], service_role: ['SELECT', 'INSERT'] },
  shipping_pickups: { service_role: ['SELECT', 'INSERT', 'UPDATE'] },
  prescription_request_number_sequence: { service_role: ['USAGE'] },
  // nextval() in next_order_number(), which runs as the payment functions inserting an order.
  order_number_sequence: { service_role: ['USAGE'] },
  // Identity columns draw from these without any privilege on them.
  order_events_id_seq: {},
  order_line_decisions_id_seq: {},
  prescription_views_id_seq: {},
  stock_batches_id_seq: {},
  stock_reservations_id_seq: {},
  order_line_batches_id_seq: {},
  tax_documents_id_seq: {},
  h1_prescriptions_id_seq: {},
  h1_register_id_seq: {},
  prescription_request_files_id_seq: {},
  prescription_request_lines_id_seq: {},
};

const SERVER_ONLY = { service_role: ['EXECUTE'] } as const;
const NOBODY = {} as const;

/**
 * Who may execute each function in public (trigger functions: nobody; the writer needs no EXECUTE
 * for a trigger, only for what it calls). A function not listed must at least not be open to anon.
 */
export const EXPECTED_FUNCTION_PRIVILEGES: Record<string, Grants> = {
  'accept_order(uuid,text,text)': SERVER_ONLY,
  'addresses_after_delete()': NOBODY,
  'addresses_before_write()': NOBODY,
  'cart_default_line_mrp()': NOBODY,
  'cart_items_are_valid(jsonb)': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'customer_has_open_orders(uuid)': SERVER_ONLY,
  'decide_order_line(uuid,text,integer,jsonb,text,text,text,uuid,text,text)': SERVER_ONLY,
  'delete_customer_data(uuid)': SERVER_ONLY,
  'desk_audit_append_only()': NOBODY,
  'desk_find_orders(text)': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'desk_order_counts()': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'mark_order_failed(text,text)': SERVER_ONLY,
  'mark_order_paid(text,text)': SERVER_ONLY,
  'move_order_as_staff(uuid,text,text,text,uuid,text,text,text)': SERVER_ONLY,
  'next_order_number(timestamp with time zone)': SERVER_ONLY,
  'order_events_append_only()': NOBODY,
  'order_status_allowed(text,text)': SERVER_ONLY,
  'orders_accept_payment_words()': NOBODY,
  'orders_assign_number()': NOBODY,
  'orders_guard_status()': NOBODY,
  'orders_queue_messages()': NOBODY,
  'shipments_queue_messages()': NOBODY,
  'receive_returned_parcel(uuid,text,text,uuid)': SERVER_ONLY,
  'orders_record_history()': NOBODY,
  'payment_status_allowed(text,text)': SERVER_ONLY,
  'record_payment_webhook_event(text,text,text)': SERVER_ONLY,
  'record_refund_state(uuid,text,text,text)': SERVER_ONLY,
  'record_webhook_event(text,text)': SERVER_ONLY,
  'refunds_within_order_amount()': NOBODY,
  'request_refund(uuid,integer,text,text,text)': SERVER_ONLY,
  'set_order_actor(text,uuid,text)': SERVER_ONLY,
  'set_order_status(uuid,text,text,uuid,text)': SERVER_ONLY,
  'set_payment_status(uuid,text,text,uuid,text)': SERVER_ONLY,
  'settle_order_refunds(uuid,text)': SERVER_ONLY,
  'staff_role()': { authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  // Product id -> count is all a product page may learn of stock, signed in or not.
  'stock_availability(integer[])': { anon: ['EXECUTE'], authenticated: ['EXECUTE'], service_role: ['EXECUTE'] },
  'stock_available_now(integer[])': SERVER_ONLY,
  'stock_sellable_after()': SERVER_ONLY,
  'import_stock(jsonb,integer)': SERVER_ONLY,
  'suggest_order_batches(uuid)': SERVER_ONLY,
  'dispatch_order_batches(uuid,jsonb,uuid)': SERVER_ONLY,
  'issue_tax_document(uuid,text,jsonb)': SERVER_ONLY,
  'issue_credit_note(uuid,text)': SERVER_ONLY,
  'orders_issue_credit_note()': NOBODY,
  'write_h1_register(uuid,integer[])': SERVER_ONLY,
  'legal_record_append_only()': NOBODY,
  'line_decisions_release_stock()': NOBODY,
  'orders_reserve_stock()': NOBODY,
  'orders_settle_reservations()': NOBODY,
  'stock_reservations_mark_back_in_stock()': NOBODY,
  'claim_message(uuid)': SERVER_ONLY,
  'whatsapp_opted_in(text)': SERVER_ONLY,
  'queue_customer_message(text,text,uuid,uuid,uuid,date,text,integer)': SERVER_ONLY,
  'queue_expiring_requests(timestamp with time zone)': SERVER_ONLY,
  'fall_back_to_sms(uuid)': SERVER_ONLY,
  'record_message_status(text,text,timestamp with time zone,text)': SERVER_ONLY,
  'opt_out_of_whatsapp(text,text)': SERVER_ONLY,
  'opt_in_to_whatsapp(text,uuid,text,text)': SERVER_ONLY,
  'resend_message(uuid,uuid)': SERVER_ONLY,
  'postpone_message(uuid,integer,text)': SERVER_ONLY,
  'expire_prescription_requests(timestamp with time zone)': SERVER_ONLY,
  'queue_refill_reminders(date)': SERVER_ONLY,
  'next_prescription_request_number(timestamp with time zone)': SERVER_ONLY,
  'orders_mark_request_paid()': NOBODY,
  'orders_skip_review_of_reviewed_request()': NOBODY,
  'prescription_request_files_guard()': NOBODY,
  'prescription_request_lines_guard()': NOBODY,
  'prescription_request_status_allowed(text,text)': SERVER_ONLY,
  'prescription_requests_guard()': NOBODY,
  'prescription_requests_queue_messages()': NOBODY,
  'propose_prescription_request(uuid,jsonb,uuid,text,text)': SERVER_ONLY,
  'reject_prescription_request(uuid,text,uuid,text)': SERVER_ONLY,
  'approve_prescription_request(uuid,jsonb,uuid)': SERVER_ONLY,
  // Marketing's report: the function itself refuses every role but marketing.
  'campaign_sales(date,date,text)': { authenticated: ['EXECUTE'] },
  // Coupons (issue 41): uses taken and given back by triggers; sales per coupon refuse all but marketing.
  'orders_redeem_coupon()': NOBODY,
  'orders_settle_coupon()': NOBODY,
  'orders_redemption_follows()': NOBODY,
  'coupon_earlier_orders(uuid,text)': SERVER_ONLY,
  'coupon_uses(text,uuid,text)': SERVER_ONLY,
  'coupon_sales(date,date)': { authenticated: ['EXECUTE'] },
};

export type PrivilegeMatrix = Record<string, Record<ApiRoleName, string[]>>;

const roleValues = API_ROLES.map((role) => `('${role}')`).join(', ');

/** Effective privileges (PUBLIC grants included) of each API role on every table, view and sequence in public. */
export async function relationPrivileges(db: Queryable): Promise<PrivilegeMatrix> {
  const { rows } = await db.query<{ name: string; role: ApiRoleName; privileges: string[] }>(`
    with relations as (
      select c.oid, c.relname, c.relkind
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
    ), roles(role) as (values ${roleValues})
    select r.relname as name, roles.role,
           array(
             select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) as p
              where r.relkind <> 'S' and has_table_privilege(roles.role, r.oid, p)
             union all
             select p from unnest(array['USAGE', 'SELECT', 'UPDATE']) as p
              where r.relkind = 'S' and has_sequence_privilege(roles.role, r.oid, p)
             union all
             select p || '(' || string_agg(a.attname::text, ',' order by a.attname) || ')'
               from unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) as p
               join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
              where r.relkind <> 'S' and not has_table_privilege(roles.role, r.oid, p)
                and has_column_privilege(roles.role, r.oid, a.attnum, p)
              group by p
           ) as privileges
      from relations r cross join roles
     order by 1, 2`);
  return matrixOf(rows);
}

/** Whether each API role may execute each function in public (PUBLIC grants included). */
export async function functionPrivileges(db: Queryable): Promise<PrivilegeMatrix> {
  const { rows } = await db.query<{ name: string; role: ApiRoleName; privileges: string[] }>(`
    select p.proname || '(' || coalesce((
             select string_agg(format_type(a.type, null), ',' order by a.position)
               from unnest(p.proargtypes::oid[]) with ordinality as a(type, position)), '') || ')' as name,
           roles.role,
           case when has_function_privilege(roles.role, p.oid, 'EXECUTE') then array['EXECUTE'] else array[]::text[] end as privileges
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      cross join (values ${roleValues}) as roles(role)
     where n.nspname = 'public'
     order by 1, 2`);
  return matrixOf(rows);
}

function matrixOf(rows: { name: string; role: ApiRoleName; privileges: string[] }[]): PrivilegeMatrix {
  const matrix: PrivilegeMatrix = {};
  for (const row of rows) {
    matrix[row.name] ??= { anon: [], authenticated: [], service_role: [] };
    matrix[row.name]![row.role] = [...row.privileges].sort();
  }
  return matrix;
}

/** The expected grants in the same shape as the database's answer, privileges sorted. */
export function expectedMatrix(expected: Record<string, Grants>): PrivilegeMatrix {
  return Object.fromEntries(
    Object.entries(expected).map(([name, grants]) => [
      name,
      Object.fromEntries(API_ROLES.map((role) => [role, [...(grants[role] ?? [])].sort()])) as Record<ApiRoleName, string[]>,
    ]),
  );
}

/** Security definer functions in public whose search_path is not fixed (each is a way to hijack the owner's rights). */
export async function definersWithoutSearchPath(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(`
    select p.oid::regprocedure::text as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prosecdef
       and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as setting where setting like 'search_path=%')
     order by 1`);
  return rows.map((row) => row.name);
}

/**
 * Everything in the auth and storage schemas a migration could create: relations, functions,
 * triggers and types. Hosted Supabase owns those schemas (their tables belong to supabase_auth_admin
 * and supabase_storage_admin); a migration may only add policies on storage.objects and bucket rows.
 */
export async function platformObjects(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ object: string }>(`
    select 'relation ' || n.nspname || '.' || c.relname as object
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('auth', 'storage')
    union all
    select 'function ' || p.oid::regprocedure::text
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('auth', 'storage')
    union all
    select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('auth', 'storage') and not t.tgisinternal
    union all
    select 'type ' || n.nspname || '.' || t.typname
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname in ('auth', 'storage') and t.typtype in ('e', 'd', 'c') and t.typrelid = 0
    order by 1`);
  return rows.map((row) => row.object);
}
