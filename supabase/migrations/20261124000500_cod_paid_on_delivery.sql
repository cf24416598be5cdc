-- Cash on delivery is paid at the door: marking such an order delivered records the payment in the
-- same transaction, so the order's payment status is true and its GST record complete.
create or replace function public.move_order_as_staff(
  p_order_id uuid,
  p_expected_status text,
  p_status text,
  p_actor_role text,
  p_actor_id uuid,
  p_note text,
  p_courier_name text default null,
  p_tracking_number text default null
) returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  moved public.orders;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  if held.status <> p_expected_status then
    raise exception 'order % is now %', held.order_number, held.status using errcode = 'serialization_failure';
  end if;
  if p_status = 'shipped' then
    update public.orders set courier_name = p_courier_name, tracking_number = p_tracking_number where id = p_order_id;
  end if;
  moved := public.set_order_status(p_order_id, p_status, p_actor_role, p_actor_id, p_note);
  if p_status = 'delivered' and moved.provider = 'cod' and moved.payment_status = 'pending' then
    moved := public.set_payment_status(p_order_id, 'paid', p_actor_role, p_actor_id, 'Cash collected on delivery');
  end if;
  return moved;
end
$$;

revoke execute on function public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text) to service_role;
