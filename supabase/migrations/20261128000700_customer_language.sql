-- The customer's language travels with the order (issue 40): an ISO 639-1 code ('en', 'hi', 'kn')
-- on each order and prescription request, as the page it was placed from sent it, and on the
-- customer's account, which they change themselves. Messages about an order go out in its language
-- (English where a message has no text in it). src/domain/language.ts holds the same rule.

alter table public.orders
  add column language text not null default 'en' check (language ~ '^[a-z]{2}$');

alter table public.prescription_requests
  add column language text not null default 'en' check (language ~ '^[a-z]{2}$');

-- The account's own settings beside auth.users (whose user_metadata a customer may write freely,
-- without a constraint): one row per customer, made the first time they choose. No row means English.
create table public.profiles (
  user_id uuid primary key default auth.uid() references auth.users(id) on delete cascade,
  language text not null default 'en' check (language ~ '^[a-z]{2}$'),
  updated_at timestamptz not null default now()
);

create function public.profiles_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_before_update before update on public.profiles
  for each row execute function public.profiles_before_update();

alter table public.profiles enable row level security;
revoke all on public.profiles from anon, authenticated, service_role;
revoke all on function public.profiles_before_update() from public, anon, authenticated, service_role;

-- A customer reads and sets (upserts) only their own language; the server reads it.
grant select, insert (user_id, language), update (language) on public.profiles to authenticated;
grant select on public.profiles to service_role;

create policy "profiles: customer reads own" on public.profiles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "profiles: customer adds own" on public.profiles
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "profiles: customer changes own" on public.profiles
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
