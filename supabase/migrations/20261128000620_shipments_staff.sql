-- The desk reads every parcel, its label and its scans (it books and prints them); a customer's own
-- parcel stays theirs alone. The label and manifest addresses are the provider's, with no secret.
grant select on public.shipments to authenticated;
create policy "shipments: staff read every parcel" on public.shipments
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "shipment scans: staff read every scan" on public.shipment_scans
  for select to authenticated using ((select public.staff_role()) is not null);
