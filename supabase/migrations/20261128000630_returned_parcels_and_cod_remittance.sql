-- A parcel the courier brought back (RTO) is received at the desk: checked unopened, its picked
-- batches go back on the shelf; opened, they do not (a medicine that left the pharmacy's control is
-- not sold again). Once per parcel. And the courier's cash: a delivered COD parcel is marked with the
-- provider's remittance (its id and the date the money reached the shop's bank).

alter table public.shipments
  add column cod_remittance_id text check (length(btrim(cod_remittance_id)) between 1 and 100),
  add column cod_remitted_on date,
  add constraint shipments_remittance_whole check ((cod_remittance_id is null) = (cod_remitted_on is null));

create function public.receive_returned_parcel(p_shipment_id uuid, p_condition text) returns uuid
language plpgsql
set search_path = ''
as $$
declare
  parcel public.shipments;
begin
  if p_condition is null or p_condition not in ('unopened', 'opened') then
    raise exception 'a returned parcel is unopened or opened, not %', coalesce(p_condition, 'nothing') using errcode = 'check_violation';
  end if;
  select * into parcel from public.shipments where id = p_shipment_id for update;
  if parcel.id is null then
    raise exception 'no parcel with id %', p_shipment_id using errcode = 'no_data_found';
  end if;
  if parcel.status <> 'returned_to_origin' then
    raise exception 'parcel % has not come back to the pharmacy (it is %)', parcel.awb, parcel.status using errcode = 'check_violation';
  end if;
  if parcel.return_condition is not null then
    raise exception 'parcel % was received already (%)', parcel.awb, parcel.return_condition using errcode = 'unique_violation';
  end if;
  update public.shipments set return_condition = p_condition where id = p_shipment_id;
  if p_condition = 'unopened' then
    update public.stock_batches b
       set quantity_on_hand = b.quantity_on_hand + picked.quantity, updated_at = now()
      from (select batch_id, sum(quantity)::integer as quantity from public.order_line_batches where order_id = parcel.order_id group by batch_id) as picked
     where b.id = picked.batch_id;
  end if;
  return parcel.order_id;
end
$$;
revoke execute on function public.receive_returned_parcel(uuid, text) from public, anon, authenticated;
grant execute on function public.receive_returned_parcel(uuid, text) to service_role;
