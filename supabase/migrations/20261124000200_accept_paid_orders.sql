-- A paid order moves on in the same transaction that records the payment, whoever records it (the
-- browser's verify, a webhook or the reconciliation run): to the pharmacist when it has
-- prescriptions, else straight to confirmed. Before this only the verify and webhook path moved it,
-- so an order the reconciliation found paid stayed 'placed' and could never be packed. A cash on
-- delivery order is accepted by the same rule when it is placed. 'placed' now always means an online
-- payment still open, so a pharmacist reviews only orders in prescription_review.

create function public.accept_order(p_order_id uuid, p_actor_role text, p_note text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  -- Only a placed order moves: a repeat (verify and webhook both arriving) or a cancelled order stays.
  if held.status <> 'placed' then
    return held;
  end if;
  return public.set_order_status(
    p_order_id,
    case when cardinality(held.prescription_paths) > 0 then 'prescription_review' else 'confirmed' end,
    p_actor_role,
    null,
    p_note
  );
end
$$;

create or replace function public.mark_order_paid(p_provider_order_id text, p_provider_payment_id text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  paid_order public.orders;
begin
  update public.orders
     set payment_status = 'paid', provider_payment_id = p_provider_payment_id, paid_at = now(), failure_reason = null
   where provider_order_id = p_provider_order_id and payment_status in ('pending', 'failed')
  returning * into paid_order;
  if found then
    return public.accept_order(paid_order.id, 'payment_provider', 'paid with ' || paid_order.provider);
  end if;
  select * into paid_order from public.orders where provider_order_id = p_provider_order_id;
  if not found then
    raise exception 'no order with provider order id %', p_provider_order_id using errcode = 'no_data_found';
  end if;
  return paid_order;
end
$$;

-- Decisions only on orders awaiting review (paid, or cash on delivery placed), and each decision is
-- also a line of the order's history, so the audit trail tells the whole review.
create or replace function public.decide_order_line(
  p_order_id uuid,
  p_expected_status text,
  p_line_index integer,
  p_prescription_lines jsonb,
  p_decision text,
  p_reason text,
  p_note text,
  p_pharmacist_id uuid,
  p_pharmacist_name text,
  p_registration_number text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  decided integer[];
  rejected integer[];
  prescription_lines integer[] := array(select jsonb_array_elements_text(p_prescription_lines)::integer);
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  if held.status <> p_expected_status then
    raise exception 'order % is now %', held.order_number, held.status using errcode = 'serialization_failure';
  end if;
  if held.status <> 'prescription_review' then
    raise exception 'order % is % and not awaiting prescription review', held.order_number, held.status using errcode = 'check_violation';
  end if;
  if not (p_line_index = any (prescription_lines)) then
    raise exception 'line % of order % is not a prescription line', p_line_index, held.order_number using errcode = 'check_violation';
  end if;
  insert into public.order_line_decisions (order_id, line_index, decision, reason, note, pharmacist_id, pharmacist_name, registration_number)
  values (p_order_id, p_line_index, p_decision, p_reason, nullif(btrim(coalesce(p_note, '')), ''), p_pharmacist_id, p_pharmacist_name, p_registration_number);
  insert into public.order_events (order_id, kind, actor_role, actor_id, note)
  values (
    p_order_id, 'note', 'pharmacist', p_pharmacist_id,
    format('Prescription line %s (%s) %s by %s, reg. %s', p_line_index + 1, held.lines -> p_line_index ->> 'name', p_decision, p_pharmacist_name, p_registration_number)
      || case when p_reason is null then '' else ': ' || replace(p_reason, '_', ' ') end
      || case when nullif(btrim(coalesce(p_note, '')), '') is null then '' else ' (' || btrim(p_note) || ')' end
  );
  select coalesce(array_agg(line_index order by line_index), '{}'),
         coalesce(array_agg(line_index order by line_index) filter (where decision = 'rejected'), '{}')
    into decided, rejected
    from public.order_line_decisions where order_id = p_order_id;
  return jsonb_build_object(
    'all_decided', prescription_lines <@ decided,
    'rejected', to_jsonb(rejected)
  );
end
$$;

revoke execute on function public.accept_order(uuid, text, text) from public, anon, authenticated;
grant execute on function public.accept_order(uuid, text, text) to service_role;
revoke execute on function public.mark_order_paid(text, text) from public, anon, authenticated;
grant execute on function public.mark_order_paid(text, text) to service_role;
revoke execute on function public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text) to service_role;
