-- Records a licensed pharmacy keeps (issue 23): GST tax invoices and credit notes numbered in one
-- gap-free series per financial year, and the Schedule H1 register an inspector reads.
--
-- Both keep their own copy of what they print (no foreign key to orders, no customer id), so they
-- outlive the order's customer account (legal retention), and nobody changes or removes a row:
-- not a customer, not staff, not the service role, not the table owner (the triggers below fire
-- for every one of them).

create function public.legal_record_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% is a legal record: rows are never changed or removed', tg_table_name using errcode = 'insufficient_privilege';
end
$$;

revoke execute on function public.legal_record_append_only() from public, anon, authenticated;

-- Invoice and credit note numbers ---------------------------------------------------------------------

-- The last number issued per kind and financial year. Taking a number updates this row, which
-- holds it until the issuing transaction ends: a second issuer waits, and a rolled-back issue
-- gives its number back, so the series has no gaps.
create table public.tax_document_series (
  kind text not null check (kind in ('invoice', 'credit_note')),
  financial_year text not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  last_number integer not null check (last_number > 0),
  primary key (kind, financial_year)
);

alter table public.tax_document_series enable row level security;
revoke all on public.tax_document_series from anon, authenticated, service_role;
grant select on public.tax_document_series to service_role;

create table public.tax_documents (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('invoice', 'credit_note')),
  financial_year text not null check (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  sequence_number integer not null check (sequence_number > 0),
  -- MK/2026-27/000123 for invoices, MK/CN/2026-27/000007 for credit notes.
  number text not null unique check (number ~ '^MK/(CN/)?[0-9]{4}-[0-9]{2}/[0-9]{6,}$'),
  order_id uuid not null,
  order_number text not null,
  -- A credit note names the invoice it reverses.
  refers_to text references public.tax_documents(number),
  -- Everything printed (seller, buyer, place of supply, lines with HSN, batch, expiry, taxes,
  -- totals, pharmacist), frozen when issued: a later catalogue or content edit never rewrites it.
  document jsonb not null check (jsonb_typeof(document) = 'object'),
  issued_at timestamptz not null default now(),
  unique (kind, financial_year, sequence_number),
  check ((kind = 'invoice') = (refers_to is null))
);

create unique index tax_documents_one_invoice_per_order on public.tax_documents (order_id) where kind = 'invoice';
create index tax_documents_order on public.tax_documents (order_id);

create trigger tax_documents_append_only
  before update or delete on public.tax_documents
  for each row execute function public.legal_record_append_only();
create trigger tax_documents_no_truncate
  before truncate on public.tax_documents
  for each statement execute function public.legal_record_append_only();

alter table public.tax_documents enable row level security;
revoke all on public.tax_documents from anon, authenticated, service_role;
grant select on public.tax_documents to authenticated;
grant select on public.tax_documents to service_role;

create policy "tax documents: customer reads own orders' documents" on public.tax_documents
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = tax_documents.order_id and orders.user_id = (select auth.uid())));
create policy "tax documents: staff read every document" on public.tax_documents
  for select to authenticated using ((select public.staff_role()) is not null);

-- Issues an order's tax invoice (once: a second call answers the first invoice) or a credit note
-- against its invoice, with the next number of the current Indian financial year.
create function public.issue_tax_document(p_order_id uuid, p_kind text, p_document jsonb) returns public.tax_documents
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  today date := (now() at time zone 'Asia/Kolkata')::date;
  fy_start integer := extract(year from today)::integer - case when extract(month from today) < 4 then 1 else 0 end;
  fy text := fy_start || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0');
  invoice public.tax_documents;
  issued public.tax_documents;
  next_number integer;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  select * into invoice from public.tax_documents where order_id = p_order_id and kind = 'invoice';
  if p_kind = 'invoice' and invoice.id is not null then
    return invoice;
  end if;
  if p_kind = 'credit_note' and invoice.id is null then
    raise exception 'order % has no invoice to credit', held.order_number using errcode = 'check_violation';
  end if;
  insert into public.tax_document_series as series (kind, financial_year, last_number) values (p_kind, fy, 1)
  on conflict (kind, financial_year) do update set last_number = series.last_number + 1
  returning last_number into next_number;
  insert into public.tax_documents (kind, financial_year, sequence_number, number, order_id, order_number, refers_to, document)
  values (p_kind, fy, next_number,
          'MK/' || case when p_kind = 'credit_note' then 'CN/' else '' end || fy || '/' || lpad(next_number::text, 6, '0'),
          p_order_id, held.order_number, case when p_kind = 'credit_note' then invoice.number end, p_document)
  returning * into issued;
  return issued;
end
$$;

revoke execute on function public.issue_tax_document(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.issue_tax_document(uuid, text, jsonb) to service_role;
-- The function runs as its caller (the service role), which takes numbers only through it.
grant insert, update on public.tax_document_series to service_role;
grant insert on public.tax_documents to service_role;

-- Schedule H1 ---------------------------------------------------------------------------------------

-- What the pharmacist reads off the prescription of an H1 line at review.
create table public.h1_prescriptions (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders(id) on delete cascade,
  line_index integer not null check (line_index >= 0),
  patient_name text not null check (length(btrim(patient_name)) between 1 and 100),
  prescriber_name text not null check (length(btrim(prescriber_name)) between 1 and 100),
  prescriber_registration text not null check (length(btrim(prescriber_registration)) between 1 and 50),
  pharmacist_id uuid not null,
  at timestamptz not null default now(),
  unique (order_id, line_index)
);

create trigger h1_prescriptions_append_only
  before update on public.h1_prescriptions
  for each row execute function public.legal_record_append_only();

alter table public.h1_prescriptions enable row level security;
revoke all on public.h1_prescriptions from anon, authenticated, service_role;
grant select on public.h1_prescriptions to authenticated;
grant select, insert on public.h1_prescriptions to service_role;

create policy "h1 prescriptions: pharmacists read" on public.h1_prescriptions
  for select to authenticated using ((select public.staff_role()) = 'pharmacist');

-- The register: one row per batch of every dispatched H1 line.
create table public.h1_register (
  id bigint generated always as identity primary key,
  supplied_on date not null default (now() at time zone 'Asia/Kolkata')::date,
  recorded_at timestamptz not null default now(),
  order_id uuid not null,
  order_number text not null,
  invoice_number text not null,
  line_index integer not null check (line_index >= 0),
  product_id integer not null check (product_id > 0),
  drug_name text not null check (length(btrim(drug_name)) > 0),
  batch_number text not null,
  expiry_date date not null,
  quantity integer not null check (quantity > 0),
  patient_name text not null,
  prescriber_name text not null,
  prescriber_registration text not null,
  unique (order_id, line_index, batch_number)
);

create index h1_register_supplied_on on public.h1_register (supplied_on, id);

create trigger h1_register_append_only
  before update or delete on public.h1_register
  for each row execute function public.legal_record_append_only();
create trigger h1_register_no_truncate
  before truncate on public.h1_register
  for each statement execute function public.legal_record_append_only();

alter table public.h1_register enable row level security;
revoke all on public.h1_register from anon, authenticated, service_role;
grant select on public.h1_register to authenticated;
grant select, insert on public.h1_register to service_role;

create policy "h1 register: pharmacists read" on public.h1_register
  for select to authenticated using ((select public.staff_role()) = 'pharmacist');

-- Writes the register rows of an order's H1 lines (p_h1_lines: line indexes, from the catalogue's
-- schedule) once its batches are picked and its invoice issued. Every H1 line needs the
-- prescriber's details recorded at review and its batches; a second call adds nothing.
create function public.write_h1_register(p_order_id uuid, p_h1_lines integer[]) returns integer
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  invoice_no text;
  h1_line integer;
  written integer;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  select number into invoice_no from public.tax_documents where order_id = p_order_id and kind = 'invoice';
  if invoice_no is null then
    raise exception 'order % has no invoice yet', held.order_number using errcode = 'check_violation';
  end if;
  foreach h1_line in array p_h1_lines loop
    if not exists (select 1 from public.h1_prescriptions p where p.order_id = p_order_id and p.line_index = h1_line) then
      raise exception 'line % of order % is Schedule H1: record the prescriber and patient first', h1_line + 1, held.order_number
        using errcode = 'check_violation';
    end if;
    if not exists (select 1 from public.order_line_batches b where b.order_id = p_order_id and b.line_index = h1_line) then
      raise exception 'line % of order % has no batch picked', h1_line + 1, held.order_number using errcode = 'check_violation';
    end if;
  end loop;
  insert into public.h1_register (order_id, order_number, invoice_number, line_index, product_id, drug_name, batch_number, expiry_date, quantity,
                                  patient_name, prescriber_name, prescriber_registration)
  select p_order_id, held.order_number, invoice_no, b.line_index, b.product_id, held.lines -> b.line_index ->> 'name',
         b.batch_number, b.expiry_date, b.quantity, p.patient_name, p.prescriber_name, p.prescriber_registration
    from public.order_line_batches b
    join public.h1_prescriptions p on p.order_id = b.order_id and p.line_index = b.line_index
   where b.order_id = p_order_id and b.line_index = any (p_h1_lines)
  on conflict (order_id, line_index, batch_number) do nothing;
  get diagnostics written = row_count;
  return written;
end
$$;

revoke execute on function public.write_h1_register(uuid, integer[]) from public, anon, authenticated;
grant execute on function public.write_h1_register(uuid, integer[]) to service_role;
