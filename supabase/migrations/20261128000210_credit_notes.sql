-- Credit notes (issue 23): an order that had a tax invoice and is then cancelled, fully refunded or
-- taken back gets one credit note reversing its invoice: the invoice's rows, taxes and totals, in
-- the credit notes' own gap-free series of the financial year (issue_tax_document), naming the
-- invoice it reverses. Issued by the database whichever path cancels or refunds the order, and by
-- the desk when it accepts a return (cash on delivery included, where no refund row exists).

-- The order's credit note, issued once; null while the order has no invoice (nothing to reverse).
create function public.issue_credit_note(p_order_id uuid, p_reason text) returns public.tax_documents
language plpgsql
set search_path = ''
as $$
declare
  invoice public.tax_documents;
  credit public.tax_documents;
begin
  -- The order's lock makes two callers at once issue one note between them.
  perform 1 from public.orders where id = p_order_id for update;
  select * into credit from public.tax_documents where order_id = p_order_id and kind = 'credit_note' order by id limit 1;
  if credit.id is not null then
    return credit;
  end if;
  select * into invoice from public.tax_documents where order_id = p_order_id and kind = 'invoice';
  if invoice.id is null then
    return null;
  end if;
  return public.issue_tax_document(p_order_id, 'credit_note', invoice.document || jsonb_build_object('reason', p_reason));
end
$$;

revoke execute on function public.issue_credit_note(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_credit_note(uuid, text) to service_role;

create function public.orders_issue_credit_note() returns trigger
language plpgsql
-- Definer: the order changes as whoever cancels or records the refund; the series is the owner's.
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    perform public.issue_credit_note(new.id, 'Order cancelled');
  elsif new.payment_status = 'refunded' and old.payment_status <> 'refunded' then
    perform public.issue_credit_note(new.id, 'Payment refunded');
  end if;
  return null;
end
$$;

revoke execute on function public.orders_issue_credit_note() from public, anon, authenticated;

create trigger orders_issue_credit_note
  after update of status, payment_status on public.orders
  for each row execute function public.orders_issue_credit_note();
