-- Coupon codes (issue 41): marketing's codes ("FIRST10", "MONSOON15"), priced on the server only.
--
-- The create-order function checks a code's rules and prices the order with it (src/domain/coupon.ts);
-- the database then takes the code's use in the transaction that inserts the order, under a lock on
-- the coupon's row, so a one-use code raced by many orders is used exactly once. A use is released
-- when the order is cancelled or its online payment fails (as stock reservations are), and held
-- again if a failed payment is paid after all. One code per order: codes never combine.

create table public.coupons (
  -- Stored upper-case; customers type it any way (the server upper-cases before looking it up).
  code text primary key check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,23}$'),
  description text not null default '' check (char_length(description) <= 200),
  kind text not null check (kind in ('percent', 'flat')),
  percent_off integer check (percent_off between 1 and 100),
  -- The most a percentage code takes off, in paise (null: no cap).
  cap_paise integer check (cap_paise > 0),
  flat_paise integer check (flat_paise > 0),
  min_order_paise integer not null default 0 check (min_order_paise >= 0),
  -- Entered and shown in India time, stored as instants.
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- null: no limit.
  total_uses integer check (total_uses > 0),
  uses_per_customer integer check (uses_per_customer > 0),
  first_order_only boolean not null default false,
  -- 'all' lines, only the listed products, or only over-the-counter (non-prescription) lines.
  applies_to text not null default 'all' check (applies_to in ('all', 'products', 'otc')),
  product_ids integer[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by uuid,
  check (ends_at > starts_at),
  check ((kind = 'percent' and percent_off is not null and flat_paise is null)
      or (kind = 'flat' and flat_paise is not null and percent_off is null and cap_paise is null)),
  check (applies_to <> 'products' or cardinality(product_ids) > 0)
);

alter table public.coupons enable row level security;
revoke all on public.coupons from anon, authenticated, service_role;
grant select, insert, update on public.coupons to service_role;

-- The owner's setting: may prescription medicines carry a coupon's discount? (One row, off by default.)
create table public.coupon_settings (
  id boolean primary key default true check (id),
  discount_prescription_medicines boolean not null default false
);
insert into public.coupon_settings (id) values (true);

alter table public.coupon_settings enable row level security;
revoke all on public.coupon_settings from anon, authenticated, service_role;
grant select, update (discount_prescription_medicines) on public.coupon_settings to service_role;

alter table public.orders
  add column coupon_code text references public.coupons(code),
  add column discount_paise integer not null default 0 check (discount_paise >= 0),
  add check ((coupon_code is null) = (discount_paise = 0));

-- One row per order that used a code: 'held' counts against the code's limits, 'released' does not.
create table public.coupon_redemptions (
  id bigint generated always as identity primary key,
  coupon_code text not null references public.coupons(code),
  order_id uuid not null unique references public.orders(id) on delete cascade,
  user_id uuid,
  mobile text,
  discount_paise integer not null check (discount_paise > 0),
  state text not null default 'held' check (state in ('held', 'released')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);

create index coupon_redemptions_held on public.coupon_redemptions (coupon_code) where state = 'held';

alter table public.coupon_redemptions enable row level security;
revoke all on public.coupon_redemptions from anon, authenticated, service_role;
grant select on public.coupon_redemptions to service_role;

-- Taking the use: the insert fails with SQLSTATE MK422 and detail {"rule": ...} (the rule's
-- sentence is the server's, src/domain/coupon.ts), so no order exists at a wrong price.
create function public.orders_redeem_coupon() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  coupon public.coupons;
  used integer;
begin
  if new.coupon_code is null then
    return new;
  end if;
  -- No key update: the order's foreign key already holds the row's key share, which a plain
  -- FOR UPDATE would have to upgrade (two racing orders would deadlock); this lock queues them.
  select * into coupon from public.coupons where code = new.coupon_code for no key update;
  if not found or not coupon.active then
    raise exception 'coupon % is not offered', new.coupon_code using errcode = 'MK422', detail = '{"rule":"unknown"}';
  end if;
  if now() < coupon.starts_at then
    raise exception 'coupon % has not started', coupon.code using errcode = 'MK422', detail = '{"rule":"not_started"}';
  end if;
  if now() >= coupon.ends_at then
    raise exception 'coupon % has expired', coupon.code using errcode = 'MK422', detail = '{"rule":"expired"}';
  end if;
  if coupon.total_uses is not null then
    select count(*) into used from public.coupon_redemptions where coupon_code = coupon.code and state = 'held';
    if used >= coupon.total_uses then
      raise exception 'coupon % is used up', coupon.code using errcode = 'MK422', detail = '{"rule":"used"}';
    end if;
  end if;
  if coupon.uses_per_customer is not null then
    -- By account for a signed-in customer, by mobile for a guest.
    select count(*) into used from public.coupon_redemptions r
     where r.coupon_code = coupon.code and r.state = 'held'
       and (case when new.user_id is not null then r.user_id = new.user_id else r.mobile = new.delivery_mobile end);
    if used >= coupon.uses_per_customer then
      raise exception 'coupon % already used by this customer', coupon.code using errcode = 'MK422', detail = '{"rule":"used_by_you"}';
    end if;
  end if;
  insert into public.coupon_redemptions (coupon_code, order_id, user_id, mobile, discount_paise)
  values (coupon.code, new.id, new.user_id, new.delivery_mobile, new.discount_paise);
  return new;
end
$$;

create trigger orders_redeem_coupon
  after insert on public.orders
  for each row execute function public.orders_redeem_coupon();

-- Giving the use back: a cancelled order, a failed online payment. Paid after failing: held again.
create function public.orders_settle_coupon() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.coupon_code is null then
    return new;
  end if;
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.coupon_redemptions set state = 'released', settled_at = now() where order_id = new.id and state = 'held';
  elsif new.payment_status = 'failed' and old.payment_status <> 'failed' and new.provider <> 'cod' then
    update public.coupon_redemptions set state = 'released', settled_at = now() where order_id = new.id and state = 'held';
  elsif new.payment_status = 'paid' and old.payment_status = 'failed' and new.status <> 'cancelled' then
    update public.coupon_redemptions set state = 'held', settled_at = null where order_id = new.id and state = 'released';
  end if;
  return new;
end
$$;

create trigger orders_settle_coupon
  after update of status, payment_status on public.orders
  for each row execute function public.orders_settle_coupon();

revoke execute on function public.orders_redeem_coupon() from public, anon, authenticated;
revoke execute on function public.orders_settle_coupon() from public, anon, authenticated;

-- How many earlier orders (not cancelled, payment not failed) a customer has: by account, or by
-- mobile for a guest. The first-order rule asks it.
create function public.coupon_earlier_orders(p_user_id uuid, p_mobile text) returns integer
language sql stable
set search_path = ''
as $$
  select count(*)::integer from public.orders o
   where o.status <> 'cancelled' and o.payment_status <> 'failed'
     and (case when p_user_id is not null then o.user_id = p_user_id else o.delivery_mobile = p_mobile end)
$$;

-- Uses held so far, in all and by this customer (the check endpoint and create-order read them).
create function public.coupon_uses(p_code text, p_user_id uuid, p_mobile text) returns table (total integer, by_customer integer)
language sql stable
set search_path = ''
as $$
  select count(*)::integer,
         (count(*) filter (where case when p_user_id is not null then r.user_id = p_user_id else p_mobile is not null and r.mobile = p_mobile end))::integer
    from public.coupon_redemptions r
   where r.coupon_code = p_code and r.state = 'held'
$$;

revoke execute on function public.coupon_earlier_orders(uuid, text) from public, anon, authenticated;
grant execute on function public.coupon_earlier_orders(uuid, text) to service_role;
revoke execute on function public.coupon_uses(text, uuid, text) from public, anon, authenticated;
grant execute on function public.coupon_uses(text, uuid, text) to service_role;

-- Attribution: orders, revenue and discount per coupon over a date range (India dates, both
-- included), counted as campaign_sales counts orders. Marketing only, checked from the token.
create function public.coupon_sales(p_from date, p_to date)
returns table (coupon text, orders bigint, revenue_paise bigint, discount_paise bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'marketing' then
    raise exception 'only marketing staff see coupon sales' using errcode = 'insufficient_privilege';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'the date range must start on or before its end' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select o.coupon_code, count(*), sum(o.amount_paise)::bigint, sum(o.discount_paise)::bigint
      from public.orders o
     where o.coupon_code is not null
       and o.status <> 'cancelled'
       and o.payment_status not in ('failed', 'refunded')
       and (o.payment_status <> 'pending' or o.provider = 'cod')
       and (o.created_at at time zone 'Asia/Kolkata')::date between p_from and p_to
     group by 1
     order by 3 desc, 1;
end
$$;

revoke execute on function public.coupon_sales(date, date) from public, anon;
grant execute on function public.coupon_sales(date, date) to authenticated;
