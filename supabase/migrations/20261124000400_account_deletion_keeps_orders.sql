-- Account deletion, third pass. An order kept as a tax record loses the person as well as the
-- owner: name, mobile, email and street go, the town, state and PIN code stay (GST records the place
-- of supply). Cash on delivery orders are kept like paid ones (their payment is collected at the
-- door, so 'pending' does not mean abandoned); only online orders never paid, and cancelled cash on
-- delivery orders, are removed. An account with an order still on its way cannot be deleted:
-- anonymising it would leave the pharmacy with a paid order it cannot deliver.
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
  if public.customer_has_open_orders(p_user_id) then
    raise exception 'customer % has orders on their way', p_user_id using errcode = 'object_in_use';
  end if;
  delete from public.cart where user_id = p_user_id;
  delete from public.addresses where user_id = p_user_id;
  get diagnostics removed_addresses = row_count;
  delete from public.prescription_files where request_id = p_user_id::text or uploaded_by = p_user_id;
  get diagnostics removed_prescriptions = row_count;
  delete from public.orders
   where user_id = p_user_id
     and ((provider <> 'cod' and payment_status in ('pending', 'failed')) or (provider = 'cod' and status = 'cancelled'));
  get diagnostics removed_orders = row_count;
  update public.orders
     set user_id = null, guest_session_id = null, prescription_paths = '{}', anonymised_at = now(),
         delivery_name = null, delivery_mobile = null, delivery_email = null, delivery_line1 = null, delivery_line2 = null
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

-- Orders the pharmacy still has to deliver: paid or cash on delivery, not yet delivered or cancelled.
create function public.customer_has_open_orders(p_user_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.orders
     where user_id = p_user_id and status in ('prescription_review', 'confirmed', 'packed', 'shipped')
  )
$$;

revoke execute on function public.delete_customer_data(uuid) from public, anon, authenticated;
grant execute on function public.delete_customer_data(uuid) to service_role;
revoke execute on function public.customer_has_open_orders(uuid) from public, anon, authenticated;
grant execute on function public.customer_has_open_orders(uuid) to service_role;
