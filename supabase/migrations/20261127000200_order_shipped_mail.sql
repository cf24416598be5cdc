-- The dispatch mail (issue 23): when an order ships, the customer hears it has left the pharmacy,
-- with the link to its GST tax invoice (issued by the desk just before the move). Queued by the
-- same trigger as every other order mail; no new table, function or grant.
alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('order_confirmation', 'prescription_reviewed', 'order_cancelled', 'refund_processed', 'order_shipped'));

create or replace function public.orders_queue_mail() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  mail_kind text;
begin
  if tg_op = 'INSERT' then
    mail_kind := case when new.provider = 'cod' then 'order_confirmation' end;
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    mail_kind := 'order_cancelled';
  elsif old.status = 'prescription_review' and new.status = 'confirmed' then
    mail_kind := 'prescription_reviewed';
  elsif new.status = 'shipped' and old.status <> 'shipped' then
    mail_kind := 'order_shipped';
  elsif new.payment_status is distinct from old.payment_status then
    mail_kind := case
      when new.payment_status = 'paid' and old.payment_status in ('pending', 'failed') then 'order_confirmation'
      when new.payment_status in ('refunded', 'partially_refunded') then 'refund_processed'
    end;
  end if;
  if mail_kind is not null then
    insert into public.mail_outbox (order_id, kind, refund_state)
    values (new.id, mail_kind, case when mail_kind = 'refund_processed' then new.payment_status else '' end)
    on conflict (order_id, kind, refund_state) do nothing;
  end if;
  return new;
end
$$;

revoke execute on function public.orders_queue_mail() from public, anon, authenticated;
