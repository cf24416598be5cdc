-- Explicit privileges for every table, sequence and function in public, role by role.
--
-- Supabase no longer grants anon, authenticated and service_role anything on new public objects
-- (new projects since 30 May 2026, new tables on every project since 30 October 2026), and the
-- earlier migrations counted on those grants. Each object below is first stripped of whatever a
-- project's defaults gave it and then granted exactly what its callers need, so the result is the
-- same on a project of any age and on the local stack (platform-shim.sql grants nothing by default).
-- supabase/tests/grants.test.ts holds the same matrix and fails on a missing or an extra privilege.
--
-- Who is who: anon is a visitor, authenticated a signed-in customer or staff member (row-level
-- security narrows both to their rows), service_role the Netlify functions and the back office.
-- Trigger functions need no EXECUTE for the writer; functions they call (and functions a called
-- function calls, as security invoker) do.

-- Projects created before the change still hand new objects to the API roles; stop that, so a
-- later migration behaves the same there as on a new project.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;

-- Tables ------------------------------------------------------------------------------------------

revoke all on
  public.cart, public.contact_submissions, public.prescription_files, public.orders,
  public.payment_webhook_events, public.addresses, public.order_events, public.refunds,
  public.mail_outbox, public.order_line_decisions, public.prescription_views, public.stock_alerts
from anon, authenticated, service_role;

-- A customer keeps their own cart (upsert: insert, update, select) and empties it; support sees it.
grant select, insert, update, delete on public.cart to authenticated, service_role;

-- Anyone sends a message without reading it back; the back office reads them.
grant insert on public.contact_submissions to anon, authenticated;
grant select on public.contact_submissions to service_role;

-- A customer records and reads their own files; the claim function records a guest's.
grant select, insert on public.prescription_files to authenticated, service_role;

-- Customers and staff read orders (RLS picks the rows); only the payment functions write them.
grant select on public.orders to authenticated;
grant select, insert, update on public.orders to service_role;

-- record_payment_webhook_event (security invoker) inserts, updates the reason and reads it back.
grant select, insert, update on public.payment_webhook_events to service_role;

-- A customer keeps their own saved addresses; support sees and corrects them.
grant select, insert, update, delete on public.addresses to authenticated, service_role;

-- Histories, refunds and decisions: read by their customer and by staff, written by the server.
grant select on public.order_events, public.refunds, public.order_line_decisions, public.prescription_views to authenticated;
grant select, insert on public.order_events, public.order_line_decisions, public.prescription_views to service_role;
grant select, insert, update on public.refunds to service_role;

-- Only the server sends the order mails.
grant select, insert, update on public.mail_outbox to service_role;

-- Anyone asks to be told of a product back in stock (three columns only); the back office reads.
grant insert (product_id, email, user_id) on public.stock_alerts to anon, authenticated;
grant select on public.stock_alerts to service_role;

-- Sequences --------------------------------------------------------------------------------------

-- next_order_number() runs as whoever inserts the order: the payment functions.
revoke all on sequence public.order_number_sequence from anon, authenticated, service_role;
grant usage on sequence public.order_number_sequence to service_role;

-- Functions --------------------------------------------------------------------------------------

revoke all on function
  public.cart_items_are_valid(jsonb),
  public.cart_default_line_mrp(),
  public.mark_order_paid(text, text),
  public.mark_order_failed(text, text),
  public.record_webhook_event(text, text),
  public.record_payment_webhook_event(text, text, text),
  public.addresses_before_write(),
  public.addresses_after_delete(),
  public.delete_customer_data(uuid),
  public.customer_has_open_orders(uuid),
  public.next_order_number(timestamptz),
  public.orders_assign_number(),
  public.orders_accept_payment_words(),
  public.order_status_allowed(text, text),
  public.payment_status_allowed(text, text),
  public.orders_guard_status(),
  public.orders_record_history(),
  public.order_events_append_only(),
  public.set_order_actor(text, uuid, text),
  public.set_order_status(uuid, text, text, uuid, text),
  public.set_payment_status(uuid, text, text, uuid, text),
  public.refunds_within_order_amount(),
  public.settle_order_refunds(uuid, text),
  public.request_refund(uuid, integer, text, text, text),
  public.record_refund_state(uuid, text, text, text),
  public.claim_mail(uuid),
  public.orders_queue_mail(),
  public.staff_role(),
  public.desk_audit_append_only(),
  public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text),
  public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text),
  public.accept_order(uuid, text, text),
  public.desk_order_counts(),
  public.desk_find_orders(text)
from public, anon, authenticated, service_role;

-- The cart's check constraint runs as the writer.
grant execute on function public.cart_items_are_valid(jsonb) to authenticated, service_role;

-- Row-level security policies ask for the caller's staff role; the desk's queue calls these two.
grant execute on function public.staff_role() to authenticated, service_role;
grant execute on function public.desk_order_counts(), public.desk_find_orders(text) to authenticated, service_role;

-- What the Netlify functions call, and what those calls and the orders' triggers call in turn.
grant execute on function
  public.mark_order_paid(text, text),
  public.mark_order_failed(text, text),
  public.record_webhook_event(text, text),
  public.record_payment_webhook_event(text, text, text),
  public.delete_customer_data(uuid),
  public.customer_has_open_orders(uuid),
  public.next_order_number(timestamptz),
  public.order_status_allowed(text, text),
  public.payment_status_allowed(text, text),
  public.set_order_actor(text, uuid, text),
  public.set_order_status(uuid, text, text, uuid, text),
  public.set_payment_status(uuid, text, text, uuid, text),
  public.settle_order_refunds(uuid, text),
  public.request_refund(uuid, integer, text, text, text),
  public.record_refund_state(uuid, text, text, text),
  public.claim_mail(uuid),
  public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text),
  public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text),
  public.accept_order(uuid, text, text)
to service_role;
