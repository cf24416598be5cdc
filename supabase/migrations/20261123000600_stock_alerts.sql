-- "Notify me" on sold-out products (issue 14): an email to write to when a product is back in
-- stock. Anyone may ask (guests too); nobody but the back office (service role) reads the list.
-- One request per email and product: asking twice is refused by the unique index and the
-- storefront reads that refusal as "already asked".

create table public.stock_alerts (
  id uuid primary key default gen_random_uuid(),
  product_id integer not null check (product_id > 0),
  email text not null check (length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- The signed-in customer who asked, so the alert can be shown in their account later.
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

create unique index stock_alerts_one_per_email_and_product on public.stock_alerts (lower(email), product_id);

alter table public.stock_alerts enable row level security;
revoke all on public.stock_alerts from anon, authenticated;
grant insert (product_id, email, user_id) on public.stock_alerts to anon, authenticated;

create policy "stock alerts: a guest asks without an account" on public.stock_alerts
  for insert to anon with check (user_id is null);

create policy "stock alerts: a customer asks as themselves" on public.stock_alerts
  for insert to authenticated with check (user_id is null or user_id = (select auth.uid()));
