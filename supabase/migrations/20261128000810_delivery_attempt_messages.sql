-- Each delivery attempt is news: the courier going out again after the customer asked for another
-- attempt, and a second failed attempt, reach the customer like the first. The outbox keeps its one
-- row per change and channel: the attempt a message is about joins the change's keys (0 for a
-- message about no attempt), so the same attempt queued twice, a resend or an SMS fallback still
-- make one row each.

alter table public.message_outbox
  add column attempt integer not null default 0 check (attempt between 0 and 100),
  drop constraint message_outbox_one_per_change,
  add constraint message_outbox_one_per_change
    unique nulls not distinct (channel, kind, order_id, refund_state, request_id, reminder_id, due_for, attempt, resend_of);

drop function public.queue_customer_message(text, text, uuid, uuid, uuid, date, text);
create function public.queue_customer_message(
  p_kind text, p_mobile text,
  p_order_id uuid default null, p_request_id uuid default null, p_reminder_id uuid default null,
  p_due_for date default null, p_refund_state text default '', p_attempt integer default 0
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, attempt)
  values ('mail', p_kind, p_order_id, p_request_id, p_reminder_id, p_due_for, p_refund_state, p_attempt)
  on conflict on constraint message_outbox_one_per_change do nothing;
  -- One phone message per change: a change queued again after the customer's WhatsApp choice
  -- changed must not add the other channel.
  if p_mobile is not null and not exists (
    select 1 from public.message_outbox m
     where m.channel in ('sms', 'whatsapp') and m.kind = p_kind and m.resend_of is null and m.refund_state = p_refund_state
       and m.attempt = p_attempt
       and m.order_id is not distinct from p_order_id and m.request_id is not distinct from p_request_id
       and m.reminder_id is not distinct from p_reminder_id and m.due_for is not distinct from p_due_for
  ) then
    insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, attempt)
    values (case when public.whatsapp_opted_in(p_mobile) then 'whatsapp' else 'sms' end,
            p_kind, p_order_id, p_request_id, p_reminder_id, p_due_for, p_refund_state, p_attempt)
    on conflict on constraint message_outbox_one_per_change do nothing;
  end if;
end
$$;
revoke execute on function public.queue_customer_message(text, text, uuid, uuid, uuid, date, text, integer) from public, anon, authenticated;
grant execute on function public.queue_customer_message(text, text, uuid, uuid, uuid, date, text, integer) to service_role;

create or replace function public.fall_back_to_sms(p_message_id uuid) returns void
language sql
set search_path = ''
as $$
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, attempt, resend_of)
  select 'sms', kind, order_id, request_id, reminder_id, due_for, refund_state, attempt, resend_of
    from public.message_outbox where id = p_message_id and channel = 'whatsapp'
  on conflict on constraint message_outbox_one_per_change do nothing
$$;

create or replace function public.resend_message(p_message_id uuid, p_staff_id uuid) returns uuid
language sql
set search_path = ''
as $$
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, attempt, resend_of, resent_by)
  select channel, kind, order_id, request_id, reminder_id, due_for, refund_state, attempt, id, p_staff_id
    from public.message_outbox where id = p_message_id
  on conflict on constraint message_outbox_one_per_change do nothing
  returning id
$$;

-- As 20261128000610_shipments.sql, with the attempt: going out for attempt n (failed attempts so
-- far + 1) and attempt n failing are each one message.
create or replace function public.shipments_queue_messages() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_kind text;
  about_attempt integer := 0;
  mobile text;
begin
  if new.status is not distinct from old.status and new.failed_attempts = old.failed_attempts then
    return new;
  end if;
  message_kind := case
    when new.direction = 'return' and new.status = 'booked' then 'order_return_pickup'
    when new.direction = 'return' then null
    when new.status = 'out_for_delivery' then 'order_out_for_delivery'
    when new.status = 'delivery_failed' and new.failed_attempts > old.failed_attempts then 'order_delivery_failed'
    when new.status = 'returned_to_origin' then 'order_returned_to_origin'
  end;
  if message_kind is null then
    return new;
  end if;
  if message_kind = 'order_out_for_delivery' then
    about_attempt := least(new.failed_attempts + 1, 100);
  elsif message_kind = 'order_delivery_failed' then
    about_attempt := least(new.failed_attempts, 100);
  end if;
  select delivery_mobile into mobile from public.orders where id = new.order_id;
  perform public.queue_customer_message(message_kind, mobile, p_order_id => new.order_id, p_attempt => about_attempt);
  return new;
end
$$;
