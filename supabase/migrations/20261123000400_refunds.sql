-- Refunds, each issued exactly once: one row per idempotency key (the same key goes to the
-- provider, so a retried call neither inserts nor refunds again), never more in total than the order
-- was paid, and the order's payment_status follows the refunds' states.
--
-- Server code (src/features/orders/server/refunds.ts) calls request_refund() and then
-- record_refund_state() after asking the provider; nothing else writes here.

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders(id) on delete restrict,
  amount_paise integer not null check (amount_paise > 0),
  idempotency_key text not null unique check (idempotency_key ~ '^[A-Za-z0-9_-]{1,63}$'),
  reason text not null check (length(btrim(reason)) between 1 and 500),
  kind text not null check (kind in ('cancel', 'rejected_lines')),
  state text not null default 'requested' check (state in ('requested', 'pending', 'processed', 'failed')),
  provider_refund_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index refunds_order_id on public.refunds (order_id, created_at);

-- A failed refund gives its money back to what may still be refunded. The order row is locked so
-- two refunds of one order are checked one after the other.
create function public.refunds_within_order_amount() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  paid integer;
  already integer;
begin
  if new.state = 'failed' then
    return new;
  end if;
  select amount_paise into paid from public.orders where id = new.order_id for update;
  select coalesce(sum(amount_paise), 0) into already
    from public.refunds
   where order_id = new.order_id and state <> 'failed' and id <> new.id;
  if already + new.amount_paise > paid then
    raise exception 'refunds of % paise would exceed the order amount of % paise', already + new.amount_paise, paid
      using errcode = 'check_violation';
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger refunds_within_order_amount
  before insert or update on public.refunds
  for each row execute function public.refunds_within_order_amount();

alter table public.refunds enable row level security;
revoke all on public.refunds from anon, authenticated, service_role;
grant select on public.refunds to authenticated;
grant select, insert, update on public.refunds to service_role;

create policy "refunds: customer reads own orders' refunds" on public.refunds
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = refunds.order_id and orders.user_id = (select auth.uid())));

-- The order's payment follows its refunds: any still open -> refund_pending; otherwise processed
-- money decides refunded / partially_refunded, and nothing processed leaves it paid.
create function public.settle_order_refunds(p_order_id uuid, p_actor_role text) returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  current_order public.orders;
  open_count integer;
  processed integer;
  wanted text;
begin
  select * into current_order from public.orders where id = p_order_id for update;
  if current_order.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  select count(*) filter (where state in ('requested', 'pending')),
         coalesce(sum(amount_paise) filter (where state = 'processed'), 0)
    into open_count, processed
    from public.refunds where order_id = p_order_id;
  wanted := case
    when open_count > 0 then 'refund_pending'
    when processed >= current_order.amount_paise then 'refunded'
    when processed > 0 then 'partially_refunded'
    else 'paid'
  end;
  if wanted = current_order.payment_status
     or current_order.payment_status not in ('paid', 'refund_pending', 'partially_refunded') then
    return current_order;
  end if;
  return public.set_payment_status(p_order_id, wanted, p_actor_role);
end
$$;

-- Inserts the refund once per key and answers the row, new or earlier; a paid order only.
create function public.request_refund(
  p_order_id uuid,
  p_amount_paise integer,
  p_idempotency_key text,
  p_reason text,
  p_kind text
) returns public.refunds
language plpgsql
set search_path = ''
as $$
declare
  payment text;
  row_out public.refunds;
begin
  select * into row_out from public.refunds where idempotency_key = p_idempotency_key;
  if row_out.id is not null then
    return row_out;
  end if;
  select payment_status into payment from public.orders where id = p_order_id for update;
  if payment is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  -- Another caller holding the same key may have inserted while this one waited for the lock.
  select * into row_out from public.refunds where idempotency_key = p_idempotency_key;
  if row_out.id is not null then
    return row_out;
  end if;
  if payment not in ('paid', 'refund_pending', 'partially_refunded') then
    raise exception 'order % has no captured payment to refund (payment %)', p_order_id, payment
      using errcode = 'check_violation';
  end if;
  insert into public.refunds (order_id, amount_paise, idempotency_key, reason, kind)
  values (p_order_id, p_amount_paise, p_idempotency_key, p_reason, p_kind)
  returning * into row_out;
  perform public.settle_order_refunds(p_order_id, 'system');
  return row_out;
end
$$;

-- What the provider said about a refund; a processed refund stays processed.
create function public.record_refund_state(
  p_refund_id uuid,
  p_state text,
  p_provider_refund_id text,
  p_actor_role text default 'payment_provider'
) returns public.refunds
language plpgsql
set search_path = ''
as $$
declare
  row_out public.refunds;
begin
  update public.refunds
     set state = case when state = 'processed' then state else p_state end,
         provider_refund_id = coalesce(p_provider_refund_id, provider_refund_id)
   where id = p_refund_id
  returning * into row_out;
  if row_out.id is null then
    raise exception 'no refund with id %', p_refund_id using errcode = 'no_data_found';
  end if;
  perform public.settle_order_refunds(row_out.order_id, p_actor_role);
  return row_out;
end
$$;

revoke execute on function public.refunds_within_order_amount() from public, anon, authenticated;
revoke execute on function public.settle_order_refunds(uuid, text) from public, anon, authenticated;
revoke execute on function public.request_refund(uuid, integer, text, text, text) from public, anon, authenticated;
revoke execute on function public.record_refund_state(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.request_refund(uuid, integer, text, text, text) to service_role;
grant execute on function public.record_refund_state(uuid, text, text, text) to service_role;
grant execute on function public.settle_order_refunds(uuid, text) to service_role;

-- Mails waiting to be sent (order confirmation, cancellation and refund): written with the order
-- change, sent at once and retried by the reconciliation run until the mail API accepts them.
create table public.mail_outbox (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders(id) on delete cascade,
  kind text not null check (kind in ('order_confirmation', 'order_cancelled', 'refund_processed')),
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text check (length(last_error) <= 1000),
  -- A sender holds a mail until then, so two senders at once (cancel, its retry, the job) send it once.
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, kind)
);

alter table public.mail_outbox enable row level security;
revoke all on public.mail_outbox from anon, authenticated, service_role;
grant select, insert, update on public.mail_outbox to service_role;

-- True for exactly one caller until the claim lapses (2 minutes: a sender that died is replaced).
create function public.claim_mail(p_mail_id uuid) returns boolean
language sql
set search_path = ''
as $$
  with claimed as (
    update public.mail_outbox
       set claimed_until = now() + interval '2 minutes'
     where id = p_mail_id and sent_at is null and (claimed_until is null or claimed_until < now())
    returning id
  )
  select exists (select 1 from claimed)
$$;

revoke execute on function public.claim_mail(uuid) from public, anon, authenticated;
grant execute on function public.claim_mail(uuid) to service_role;

create index mail_outbox_unsent on public.mail_outbox (created_at) where sent_at is null;

-- The mails an order change calls for are queued in the same transaction as the change, so no
-- code path (webhook, verify, reconciliation, COD placement, cancellation) can forget or lose one.
create function public.orders_queue_mail() returns trigger
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
  elsif new.payment_status is distinct from old.payment_status then
    mail_kind := case
      when new.payment_status = 'paid' and old.payment_status in ('pending', 'failed') then 'order_confirmation'
      when new.payment_status in ('refunded', 'partially_refunded') then 'refund_processed'
    end;
  end if;
  if mail_kind is not null then
    insert into public.mail_outbox (order_id, kind) values (new.id, mail_kind) on conflict (order_id, kind) do nothing;
  end if;
  return new;
end
$$;

create trigger orders_queue_mail
  after insert or update on public.orders
  for each row execute function public.orders_queue_mail();

revoke execute on function public.orders_queue_mail() from public, anon, authenticated;
