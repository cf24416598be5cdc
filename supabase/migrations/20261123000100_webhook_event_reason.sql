-- A provider event the functions refused to apply (amount or currency not the order's, or a state
-- the provider's status API does not confirm) is kept with its reason, for the desk to look into;
-- applied events have no reason.
alter table public.payment_webhook_events add column reason text;

-- Records an event once; a redelivery that ends differently (e.g. confirmed later) updates the reason.
-- True the first time the event id is seen. The payment functions call this one; the two-argument
-- record_webhook_event stays for callers that have no reason to give.
create function public.record_payment_webhook_event(p_event_id text, p_provider text, p_reason text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  inserted boolean;
begin
  insert into public.payment_webhook_events (event_id, provider, reason) values (p_event_id, p_provider, p_reason)
  on conflict (event_id) do update set reason = excluded.reason
    where public.payment_webhook_events.reason is distinct from excluded.reason
  returning (xmax = 0) into inserted;
  return coalesce(inserted, false);
end
$$;

revoke execute on function public.record_payment_webhook_event(text, text, text) from public, anon, authenticated;
grant execute on function public.record_payment_webhook_event(text, text, text) to service_role;
