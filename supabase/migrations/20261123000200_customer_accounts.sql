-- Customer accounts: saved delivery addresses, and what deleting an account removes and keeps.
-- The checks on public.addresses mirror addressSchema in src/domain/address.ts: change both together.

-- Saved addresses ------------------------------------------------------------------------------

create table public.addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users(id) on delete cascade,
  full_name text not null check (length(btrim(full_name)) between 1 and 100),
  mobile text not null check (mobile ~ '^\+91[6-9][0-9]{9}$'),
  line1 text not null check (length(btrim(line1)) between 1 and 200),
  area text not null check (length(btrim(area)) between 1 and 100),
  landmark text check (landmark is null or length(btrim(landmark)) between 1 and 100),
  city text not null check (length(btrim(city)) between 1 and 100),
  state text not null check (state in (
    'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana',
    'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur',
    'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana',
    'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
    'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu', 'Delhi',
    'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry'
  )),
  pin_code text not null check (pin_code ~ '^[1-9][0-9]{5}$'),
  label text not null default 'Home' check (label in ('Home', 'Work', 'Other')),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index addresses_user_id on public.addresses (user_id);
-- One default address per customer.
create unique index addresses_one_default on public.addresses (user_id) where is_default;

-- At most 10 addresses per customer; the first one is the default, and making one the default
-- takes it from the others. The advisory lock makes two inserts at once count one after the other.
create function public.addresses_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform pg_advisory_xact_lock(hashtextextended(new.user_id::text, 0));
    if (select count(*) from public.addresses where user_id = new.user_id) >= 10 then
      raise exception 'addresses_limit: a customer can keep at most 10 addresses'
        using errcode = 'check_violation', hint = 'Delete an address before adding another.';
    end if;
    if not exists (select from public.addresses where user_id = new.user_id) then
      new.is_default := true;
    end if;
  else
    if new.user_id is distinct from old.user_id then
      raise exception 'an address cannot move to another customer' using errcode = 'check_violation';
    end if;
    new.updated_at := now();
  end if;
  if new.is_default then
    update public.addresses set is_default = false
     where user_id = new.user_id and is_default and id <> new.id;
  end if;
  return new;
end
$$;

create trigger addresses_before_write
  before insert or update on public.addresses
  for each row execute function public.addresses_before_write();

-- When the default address is deleted, the most recently added remaining one becomes the default.
create function public.addresses_after_delete() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.is_default then
    update public.addresses set is_default = true
     where id = (select id from public.addresses where user_id = old.user_id order by created_at desc, id limit 1);
  end if;
  return old;
end
$$;

create trigger addresses_after_delete
  after delete on public.addresses
  for each row execute function public.addresses_after_delete();

alter table public.addresses enable row level security;
revoke all on public.addresses from anon;
revoke truncate, references, trigger on public.addresses from authenticated;

create policy "addresses: customer reads own" on public.addresses
  for select to authenticated using (user_id = (select auth.uid()));
create policy "addresses: customer adds own" on public.addresses
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "addresses: customer edits own" on public.addresses
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "addresses: customer deletes own" on public.addresses
  for delete to authenticated using (user_id = (select auth.uid()));

-- Account deletion -----------------------------------------------------------------------------

-- Orders that were paid are tax records (GST: kept 72 months), so deleting an account keeps them
-- without anyone's identity: anonymised_at marks them and replaces the owner.
alter table public.orders add column anonymised_at timestamptz;
alter table public.orders drop constraint orders_check;
alter table public.orders add constraint orders_owner_or_anonymised
  check (user_id is not null or guest_session_id is not null or anonymised_at is not null);

/**
 * Everything of a customer's except their paid orders, which stay without their identity.
 * Called by the account-delete function (service role) before it deletes the auth user; the
 * prescription files themselves are removed through the storage API, which owns the bytes.
 */
create function public.delete_customer_data(p_user_id uuid)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  kept integer;
  removed_orders integer;
  removed_addresses integer;
  removed_prescriptions integer;
begin
  delete from public.cart where user_id = p_user_id;
  delete from public.addresses where user_id = p_user_id;
  get diagnostics removed_addresses = row_count;
  delete from public.prescription_files where request_id = p_user_id::text or uploaded_by = p_user_id;
  get diagnostics removed_prescriptions = row_count;
  delete from public.orders where user_id = p_user_id and status in ('created', 'failed');
  get diagnostics removed_orders = row_count;
  update public.orders
     set user_id = null, guest_session_id = null, prescription_paths = '{}', anonymised_at = now()
   where user_id = p_user_id;
  get diagnostics kept = row_count;
  return jsonb_build_object(
    'kept_paid_orders', kept,
    'removed_unpaid_orders', removed_orders,
    'removed_addresses', removed_addresses,
    'removed_prescription_records', removed_prescriptions
  );
end
$$;

revoke execute on function public.delete_customer_data(uuid) from public, anon, authenticated;
grant execute on function public.delete_customer_data(uuid) to service_role;
