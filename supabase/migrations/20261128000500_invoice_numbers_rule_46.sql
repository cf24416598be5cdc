-- Tax invoice and credit note numbers within Rule 46(b)'s 16 characters: MK/2627/000123 for an
-- invoice and CN/2627/000007 for a credit note (the financial year 2026-27 as 2627), where they were
-- MK/2026-27/000123 (17) and MK/CN/2026-27/000007 (20), which the GST portal refuses in GSTR-1's
-- b2cl, cdnur and doc_issue tables. The series and their counters stay the same; a number already
-- issued keeps its form (documents are append-only).
alter table public.tax_documents drop constraint tax_documents_number_check;
alter table public.tax_documents add constraint tax_documents_number_check check (
  number ~ '^(MK|CN)/[0-9]{4}/[0-9]{6,7}$' and length(number) <= 16
  or number ~ '^MK/(CN/)?[0-9]{4}-[0-9]{2}/[0-9]{6,}$'
);

create or replace function public.issue_tax_document(p_order_id uuid, p_kind text, p_document jsonb) returns public.tax_documents
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
          case when p_kind = 'credit_note' then 'CN/' else 'MK/' end
            || lpad((fy_start % 100)::text, 2, '0') || lpad(((fy_start + 1) % 100)::text, 2, '0')
            || '/' || lpad(next_number::text, 6, '0'),
          p_order_id, held.order_number, case when p_kind = 'credit_note' then invoice.number end, p_document)
  returning * into issued;
  return issued;
end
$$;

revoke execute on function public.issue_tax_document(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.issue_tax_document(uuid, text, jsonb) to service_role;
