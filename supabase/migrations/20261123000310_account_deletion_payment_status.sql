-- Account deletion after the order life cycle (20261123000300): whether an order was paid is now
-- orders.payment_status, and order_events remembers who moved an order. Deleting an account removes
-- the orders that were never paid (pending or failed, with their history) and keeps every other one,
-- without its owner, as the GST record; the customer's own actions in order histories lose their id.
create or replace function public.delete_customer_data(p_user_id uuid)
returns jsonb
language plpgsql
-- Definer: order_events is written only by its trigger and the owner; only the service role may call this.
security definer
set search_path = ''
as $$
declare
  kept integer;
  removed_orders integer;
  removed_addresses integer;
  removed_prescriptions integer;
begin
  delete from public.cart where user_id = p_user_id;
  delete from public.addresses where user_id = p_user_id;
  get diagnostics removed_addresses = row_count;
  delete from public.prescription_files where request_id = p_user_id::text or uploaded_by = p_user_id;
  get diagnostics removed_prescriptions = row_count;
  delete from public.orders where user_id = p_user_id and payment_status in ('pending', 'failed');
  get diagnostics removed_orders = row_count;
  update public.orders
     set user_id = null, guest_session_id = null, prescription_paths = '{}', anonymised_at = now()
   where user_id = p_user_id;
  get diagnostics kept = row_count;
  update public.order_events set actor_id = null where actor_id = p_user_id;
  return jsonb_build_object(
    'kept_paid_orders', kept,
    'removed_unpaid_orders', removed_orders,
    'removed_addresses', removed_addresses,
    'removed_prescription_records', removed_prescriptions
  );
end
$$;

revoke execute on function public.delete_customer_data(uuid) from public, anon, authenticated;
grant execute on function public.delete_customer_data(uuid) to service_role;
