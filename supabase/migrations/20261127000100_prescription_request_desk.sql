-- The desk answers a prescription request (issue 24 items 2 and 3): a pharmacist proposes lines or
-- rejects the request, and the customer's approval ties the request to the order that pays for it.
-- Each is one function, so the moves and the lines they carry change together or not at all; the
-- triggers of 20261126000500_prescription_requests.sql still guard every state and line. Only the
-- server (service role) calls them.

-- An SMS keeps the text it was sent with: locally the outbox row is the delivery (no SMS gateway),
-- and in production a gateway sends the same text.
alter table public.message_outbox
  add column body text check (length(body) between 1 and 1000);

-- The pharmacist's lines replace any earlier draft, and the request moves to proposed (through
-- in_review when it was still waiting). p_lines: [{product_id, name, line_status, reason, quantity}];
-- the prescribed quantity is the quantity the pharmacist proposes, so the customer may only lower it.
create function public.propose_prescription_request(
  p_request_id uuid,
  p_lines jsonb,
  p_pharmacist_id uuid,
  p_pharmacist_name text,
  p_registration_number text
) returns text
language plpgsql
set search_path = ''
as $$
declare
  current_status text;
begin
  select status into current_status from public.prescription_requests where id = p_request_id for update;
  if current_status is null then
    raise exception 'no prescription request %', p_request_id using errcode = 'no_data_found';
  end if;
  if current_status not in ('submitted', 'in_review') then
    raise exception 'prescription request is now %', current_status using errcode = 'serialization_failure';
  end if;
  if current_status = 'submitted' then
    update public.prescription_requests set status = 'in_review' where id = p_request_id;
  end if;
  delete from public.prescription_request_lines where request_id = p_request_id;
  insert into public.prescription_request_lines (request_id, position, product_id, name, line_status, reason, prescribed_quantity, quantity)
  select p_request_id, (line.ordinality - 1)::integer, (line.value ->> 'product_id')::integer, line.value ->> 'name',
         line.value ->> 'line_status', line.value ->> 'reason',
         greatest((line.value ->> 'quantity')::integer, 1),
         case when line.value ->> 'line_status' = 'proposed' then (line.value ->> 'quantity')::integer else 0 end
    from jsonb_array_elements(p_lines) with ordinality as line;
  update public.prescription_requests
     set status = 'proposed', pharmacist_id = p_pharmacist_id, pharmacist_name = p_pharmacist_name,
         registration_number = p_registration_number
   where id = p_request_id;
  return 'proposed';
end
$$;

-- The pharmacist turns the whole request down with a reason the customer reads.
create function public.reject_prescription_request(p_request_id uuid, p_reason text, p_pharmacist_id uuid, p_pharmacist_name text) returns text
language plpgsql
set search_path = ''
as $$
declare
  current_status text;
begin
  select status into current_status from public.prescription_requests where id = p_request_id for update;
  if current_status is null then
    raise exception 'no prescription request %', p_request_id using errcode = 'no_data_found';
  end if;
  if current_status not in ('submitted', 'in_review') then
    raise exception 'prescription request is now %', current_status using errcode = 'serialization_failure';
  end if;
  update public.prescription_requests
     set status = 'rejected', rejection_reason = p_reason, pharmacist_id = p_pharmacist_id, pharmacist_name = p_pharmacist_name
   where id = p_request_id;
  return 'rejected';
end
$$;

-- The customer's approval: the quantities they keep (p_quantities: {"<line id>": quantity}; a line
-- left out is removed) and the order that pays for them. An approval not paid may be made again
-- (approved -> proposed -> approved), with the new order.
create function public.approve_prescription_request(p_request_id uuid, p_quantities jsonb, p_order_id uuid) returns text
language plpgsql
set search_path = ''
as $$
declare
  current_status text;
begin
  select status into current_status from public.prescription_requests where id = p_request_id for update;
  if current_status is null then
    raise exception 'no prescription request %', p_request_id using errcode = 'no_data_found';
  end if;
  if current_status not in ('proposed', 'approved') then
    raise exception 'prescription request is now %', current_status using errcode = 'serialization_failure';
  end if;
  if current_status = 'approved' then
    update public.prescription_requests set status = 'proposed' where id = p_request_id;
  end if;
  update public.prescription_request_lines
     set quantity = coalesce((p_quantities ->> id::text)::integer, 0)
   where request_id = p_request_id and line_status = 'proposed';
  if not exists (select 1 from public.prescription_request_lines where request_id = p_request_id and line_status = 'proposed' and quantity > 0) then
    raise exception 'an approval keeps at least one line' using errcode = 'check_violation';
  end if;
  update public.prescription_requests set status = 'approved', order_id = p_order_id where id = p_request_id;
  return 'approved';
end
$$;

revoke execute on function public.propose_prescription_request(uuid, jsonb, uuid, text, text) from public, anon, authenticated;
revoke execute on function public.reject_prescription_request(uuid, text, uuid, text) from public, anon, authenticated;
revoke execute on function public.approve_prescription_request(uuid, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.propose_prescription_request(uuid, jsonb, uuid, text, text) to service_role;
grant execute on function public.reject_prescription_request(uuid, text, uuid, text) to service_role;
grant execute on function public.approve_prescription_request(uuid, jsonb, uuid) to service_role;
