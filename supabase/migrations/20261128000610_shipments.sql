-- Parcels booked with a courier provider (Shiprocket), their scans, the day's pickups, and the
-- serviceability answers checkout caches per PIN code and India day (src/features/shipping).
-- Written by the functions as the service role; a customer reads their own order's parcel and scans.

-- What a provider quoted for a PIN code on a day: the couriers (or none); read before asking again.
create table public.shipping_serviceability (
  pin_code text not null check (pin_code ~ '^[1-9][0-9]{5}$'),
  india_date date not null,
  couriers jsonb not null check (jsonb_typeof(couriers) = 'array'),
  created_at timestamptz not null default now(),
  primary key (pin_code, india_date)
);
alter table public.shipping_serviceability enable row level security;
revoke all on public.shipping_serviceability from anon, authenticated, service_role;
grant select, insert, delete on public.shipping_serviceability to service_role;

-- One parcel per order and direction. 'booking' is the row written before the provider is called:
-- each step's result is kept as it comes back, so a retry resumes where the last try stopped and
-- never books a second parcel.
create table public.shipments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders(id) on delete restrict,
  direction text not null default 'forward' check (direction in ('forward', 'return')),
  provider text not null check (provider in ('shiprocket')),
  status text not null default 'booking' check (status in (
    'booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered',
    'rto_in_transit', 'returned_to_origin', 'cancelled', 'lost')),
  provider_order_id text check (length(provider_order_id) <= 50),
  provider_shipment_id text check (length(provider_shipment_id) <= 50),
  awb text unique check (length(btrim(awb)) between 1 and 50),
  courier_id integer,
  courier_name text check (length(btrim(courier_name)) between 1 and 100),
  weight_grams integer not null check (weight_grams between 1 and 30000),
  invoice_number text check (length(invoice_number) <= 50),
  label_url text check (label_url ~ '^https?://'),
  -- The India day whose pickup batch the parcel joined (one pickup request a day), null until then.
  pickup_date date,
  manifest_url text check (manifest_url ~ '^https?://'),
  -- A failed delivery attempt: the courier's reason, how many attempts failed, and the customer's answer.
  failure_reason text check (length(failure_reason) <= 300),
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  reattempt_requested_at timestamptz,
  -- A returned parcel is checked at the pharmacy: its stock goes back only if it came back unopened.
  return_condition text check (return_condition in ('unopened', 'opened')),
  booked_by uuid references auth.users(id) on delete set null,
  status_at timestamptz not null default now(),
  last_scan_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, direction),
  check (status = 'booking' or (provider_order_id is not null and provider_shipment_id is not null and awb is not null and courier_name is not null))
);
create index shipments_open on public.shipments (status_at) where status not in ('delivered', 'returned_to_origin', 'cancelled', 'lost');
alter table public.shipments enable row level security;
revoke all on public.shipments from anon, authenticated, service_role;
grant select, insert, update on public.shipments to service_role;
grant select (id, order_id, direction, status, awb, courier_name, failure_reason, failed_attempts, reattempt_requested_at, status_at, created_at) on public.shipments to authenticated;
create policy "shipments: customer reads own orders' parcels" on public.shipments
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = shipments.order_id and orders.user_id = (select auth.uid())));

-- Every scan the courier reported, once (the webhook repeats them all each time).
create table public.shipment_scans (
  shipment_id uuid not null references public.shipments(id) on delete cascade,
  at timestamptz not null,
  status text check (status in ('booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'delivered', 'rto_in_transit', 'returned_to_origin', 'cancelled', 'lost')),
  activity text not null check (length(activity) <= 300),
  location text not null default '' check (length(location) <= 200),
  primary key (shipment_id, at, activity)
);
alter table public.shipment_scans enable row level security;
revoke all on public.shipment_scans from anon, authenticated, service_role;
grant select, insert on public.shipment_scans to service_role;
grant select on public.shipment_scans to authenticated;
create policy "shipment scans: customer reads own orders' scans" on public.shipment_scans
  for select to authenticated
  using (exists (select 1 from public.shipments s join public.orders o on o.id = s.order_id where s.id = shipment_scans.shipment_id and o.user_id = (select auth.uid())));

-- The day's pickup: requested once for the day's batch, its manifest printed with it.
create table public.shipping_pickups (
  india_date date not null,
  provider text not null check (provider in ('shiprocket')),
  token text check (length(token) <= 200),
  manifest_url text check (manifest_url ~ '^https?://'),
  requested_at timestamptz not null default now(),
  primary key (india_date, provider)
);
alter table public.shipping_pickups enable row level security;
revoke all on public.shipping_pickups from anon, authenticated, service_role;
grant select, insert, update on public.shipping_pickups to service_role;

-- The courier's journey reaches the customer: out for delivery, a failed attempt, returned
-- undelivered, and a booked return pickup (one message of each kind an order: a reattempt's news is
-- on the order page). Shipped and delivered are the
-- order's own moves (orders_queue_messages).
create function public.shipments_queue_messages() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_kind text;
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
  select delivery_mobile into mobile from public.orders where id = new.order_id;
  perform public.queue_customer_message(message_kind, mobile, p_order_id => new.order_id);
  return new;
end
$$;
revoke execute on function public.shipments_queue_messages() from public, anon, authenticated;

create trigger shipments_queue_messages after update on public.shipments
  for each row execute function public.shipments_queue_messages();
