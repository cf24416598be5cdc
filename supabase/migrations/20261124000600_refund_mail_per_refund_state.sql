-- A customer partly refunded (a line the pharmacist removed) and later refunded in full (the order
-- cancelled) hears of each refund: the outbox keeps one mail per kind and, for refund mails, per
-- refund state the order reaches, where it kept one refund mail per order.
alter table public.mail_outbox add column refund_state text not null default ''
  check (refund_state in ('', 'partially_refunded', 'refunded'));
alter table public.mail_outbox drop constraint mail_outbox_order_id_kind_key;
alter table public.mail_outbox add constraint mail_outbox_one_per_change unique (order_id, kind, refund_state);

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
