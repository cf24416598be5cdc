-- Storefront schema: the customer's server cart, contact messages, prescription file records,
-- payment orders and the private prescriptions bucket, each with least-privilege row-level security.
-- Supabase grants every API role ALL on new public tables by default; RLS plus the explicit
-- revokes below are what narrow that down.

-- Cart -----------------------------------------------------------------------------------------

-- A cart line as the storefront stores it: {product_id, name, quantity, mrp, thumbnail_image,
-- prescription_url}. mrp is rupees as text with at most 2 decimals.
create function public.cart_items_are_valid(items jsonb) returns boolean
language plpgsql immutable
set search_path = ''
as $$
declare
  line jsonb;
begin
  if jsonb_typeof(items) is distinct from 'array' then
    return false;
  end if;
  for line in select value from jsonb_array_elements(items) loop
    if jsonb_typeof(line) <> 'object'
      or jsonb_typeof(line -> 'product_id') is distinct from 'number'
      or jsonb_typeof(line -> 'name') is distinct from 'string'
      or length(btrim(line ->> 'name')) = 0
      or jsonb_typeof(line -> 'quantity') is distinct from 'number'
      or jsonb_typeof(line -> 'mrp') is distinct from 'string'
      or coalesce(jsonb_typeof(line -> 'thumbnail_image'), 'string') <> 'string'
      or coalesce(jsonb_typeof(line -> 'prescription_url'), 'null') not in ('string', 'null')
    then
      return false;
    end if;
    if (line ->> 'product_id')::numeric <= 0
      or (line ->> 'product_id')::numeric <> trunc((line ->> 'product_id')::numeric)
      or (line ->> 'quantity')::numeric <= 0
      or (line ->> 'quantity')::numeric <> trunc((line ->> 'quantity')::numeric)
      or (line ->> 'mrp') !~ '^\d+(\.\d{1,2})?$'
    then
      return false;
    end if;
  end loop;
  return true;
end
$$;

create table public.cart (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users(id) on delete cascade,
  items jsonb not null default '[]' check (public.cart_items_are_valid(items)),
  cart_total numeric(12, 2) not null default 0 check (cart_total >= 0),
  attachments jsonb not null default '[]' check (jsonb_typeof(attachments) = 'array'),
  updated_at timestamptz not null default now()
);

-- A line saved without an MRP is stored with '0', the storefront's own default.
create function public.cart_default_line_mrp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if jsonb_typeof(new.items) = 'array' then
    new.items := coalesce(
      (select jsonb_agg(
                case when jsonb_typeof(line) = 'object' and not line ? 'mrp'
                     then line || '{"mrp": "0"}'::jsonb else line end
                order by position)
         from jsonb_array_elements(new.items) with ordinality as lines(line, position)),
      '[]'::jsonb);
  end if;
  return new;
end
$$;

create trigger cart_default_line_mrp
  before insert or update of items on public.cart
  for each row execute function public.cart_default_line_mrp();

alter table public.cart enable row level security;
revoke all on public.cart from anon;
revoke truncate, references, trigger on public.cart from authenticated;

create policy "cart: customer reads own row" on public.cart
  for select to authenticated using (user_id = (select auth.uid()));
create policy "cart: customer inserts own row" on public.cart
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "cart: customer updates own row" on public.cart
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "cart: customer deletes own row" on public.cart
  for delete to authenticated using (user_id = (select auth.uid()));

-- Contact messages -----------------------------------------------------------------------------

create table public.contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text not null check (length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text check (phone is null or length(phone) between 1 and 20),
  subject text not null check (
    subject in ('general', 'order', 'technical', 'prescription', 'billing', 'partnership', 'feedback', 'other')
  ),
  message text not null check (length(btrim(message)) > 0),
  created_at timestamptz not null default now()
);

alter table public.contact_submissions enable row level security;
revoke all on public.contact_submissions from anon, authenticated;
grant insert on public.contact_submissions to anon, authenticated;

create policy "contact: anyone sends a message" on public.contact_submissions
  for insert to anon, authenticated with check (true);

-- Prescription file records --------------------------------------------------------------------

-- request_id is the customer's user id or 'guest-' + the cart session id; file_url is the storage
-- object path inside that folder (URLs are derived from it, never stored as the truth).
create table public.prescription_files (
  id uuid primary key default gen_random_uuid(),
  request_id text not null check (
    request_id ~ '^(guest-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  ),
  file_name text not null check (length(file_name) between 1 and 255),
  file_url text not null check (split_part(file_url, '/', 1) = request_id and file_url ~ '^[^/]+/[^/]+$'),
  file_type text not null check (length(file_type) between 1 and 255),
  uploaded_by uuid references auth.users(id) on delete set null,
  uploaded_at timestamptz not null default now()
);

create index prescription_files_request_id on public.prescription_files (request_id);

alter table public.prescription_files enable row level security;
revoke all on public.prescription_files from anon;
revoke update, delete, truncate, references, trigger on public.prescription_files from authenticated;

create policy "prescription files: customer records own files" on public.prescription_files
  for insert to authenticated
  with check (request_id = (select auth.uid())::text and uploaded_by = (select auth.uid()));
create policy "prescription files: customer reads own records" on public.prescription_files
  for select to authenticated using (request_id = (select auth.uid())::text);

-- Orders (written only by the payment functions with the service role) --------------------------

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users(id) on delete set null,
  guest_session_id uuid,
  provider text not null check (provider in ('razorpay', 'phonepe')),
  provider_order_id text not null unique,
  provider_payment_id text unique,
  status text not null default 'created' check (status in ('created', 'paid', 'failed')),
  amount_paise integer not null check (amount_paise >= 100),
  currency text not null default 'INR' check (currency = 'INR'),
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 0),
  prescription_paths text[] not null default '{}',
  failure_reason text,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  check (user_id is not null or guest_session_id is not null)
);

create index orders_user_id on public.orders (user_id);

-- A paid order is final: it never goes back to created/failed and keeps its first payment id.
create function public.orders_paid_is_final() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.status = 'paid' and (
    new.status <> 'paid' or new.provider_payment_id is distinct from old.provider_payment_id
  ) then
    raise exception 'order % is paid and cannot change status or payment id', old.provider_order_id
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger orders_paid_is_final
  before update on public.orders
  for each row execute function public.orders_paid_is_final();

alter table public.orders enable row level security;
revoke all on public.orders from anon, authenticated;
grant select on public.orders to authenticated;

create policy "orders: customer reads own orders" on public.orders
  for select to authenticated using (user_id = (select auth.uid()));

create table public.payment_webhook_events (
  event_id text primary key,
  provider text not null,
  received_at timestamptz default now()
);

alter table public.payment_webhook_events enable row level security;
revoke all on public.payment_webhook_events from anon, authenticated;

create function public.mark_order_paid(p_provider_order_id text, p_provider_payment_id text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  paid_order public.orders;
begin
  update public.orders
     set status = 'paid', provider_payment_id = p_provider_payment_id, paid_at = now(), failure_reason = null
   where provider_order_id = p_provider_order_id and status <> 'paid'
  returning * into paid_order;
  if found then
    return paid_order;
  end if;
  select * into paid_order from public.orders where provider_order_id = p_provider_order_id;
  if not found then
    raise exception 'no order with provider order id %', p_provider_order_id using errcode = 'no_data_found';
  end if;
  return paid_order;
end
$$;

create function public.mark_order_failed(p_provider_order_id text, p_reason text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  failed_order public.orders;
begin
  update public.orders
     set status = 'failed', failure_reason = p_reason
   where provider_order_id = p_provider_order_id and status = 'created'
  returning * into failed_order;
  if found then
    return failed_order;
  end if;
  select * into failed_order from public.orders where provider_order_id = p_provider_order_id;
  if not found then
    raise exception 'no order with provider order id %', p_provider_order_id using errcode = 'no_data_found';
  end if;
  return failed_order;
end
$$;

create function public.record_webhook_event(p_event_id text, p_provider text)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  insert into public.payment_webhook_events (event_id, provider) values (p_event_id, p_provider)
  on conflict (event_id) do nothing;
  return found;
end
$$;

revoke execute on function public.mark_order_paid(text, text) from public, anon, authenticated;
revoke execute on function public.mark_order_failed(text, text) from public, anon, authenticated;
revoke execute on function public.record_webhook_event(text, text) from public, anon, authenticated;
grant execute on function public.mark_order_paid(text, text) to service_role;
grant execute on function public.mark_order_failed(text, text) to service_role;
grant execute on function public.record_webhook_event(text, text) to service_role;

-- Trigger functions are not API calls.
revoke execute on function public.cart_default_line_mrp() from public, anon, authenticated;
revoke execute on function public.orders_paid_is_final() from public, anon, authenticated;

-- Prescriptions bucket ---------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('prescriptions', 'prescriptions', false, 5242880, array['image/*', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Object paths are {user id or guest-<cart session id>}/{random id}.{ext}: exactly one folder.
create policy "prescriptions: customer uploads into own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'prescriptions'
    and array_length(storage.foldername(name), 1) = 1
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
create policy "prescriptions: customer reads own folder" on storage.objects
  for select to authenticated
  using (bucket_id = 'prescriptions' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "prescriptions: guest uploads into a guest folder" on storage.objects
  for insert to anon
  with check (
    bucket_id = 'prescriptions'
    and array_length(storage.foldername(name), 1) = 1
    and (storage.foldername(name))[1] ~ '^guest-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  );
