-- Campaign attribution (issue 25): the UTM parameters a customer landed with, first and last touch
-- within 30 days, kept on the order; and what a 'marketing' staff member (app_metadata.role, set
-- with `npm run staff` like pharmacist and support) sees: orders, revenue and average order value
-- per campaign and source, never a customer, an address or a line.

alter table public.orders
  add column utm_first_source text check (char_length(utm_first_source) between 1 and 100),
  add column utm_first_medium text check (char_length(utm_first_medium) between 1 and 100),
  add column utm_first_campaign text check (char_length(utm_first_campaign) between 1 and 100),
  add column utm_last_source text check (char_length(utm_last_source) between 1 and 100),
  add column utm_last_medium text check (char_length(utm_last_medium) between 1 and 100),
  add column utm_last_campaign text check (char_length(utm_last_campaign) between 1 and 100);

-- Orders, revenue and average order value per campaign and source, over the orders placed from
-- p_from to p_to (calendar dates in India, both included), by the first or the last touch. An
-- order counts once placed and not cancelled, paid online or cash on delivery; revenue is what
-- the order was placed for, before refunds. Orders that came with no campaign count under '(none)'.
-- Security definer because marketing staff cannot read orders (the rows name customers); the
-- role is checked first, from the verified token.
create function public.campaign_sales(p_from date, p_to date, p_touch text default 'last')
returns table (campaign text, source text, orders bigint, revenue_paise bigint, average_order_paise bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() -> 'app_metadata' ->> 'role', '') <> 'marketing' then
    raise exception 'only marketing staff see campaign sales' using errcode = 'insufficient_privilege';
  end if;
  if p_touch not in ('first', 'last') then
    raise exception 'touch must be first or last' using errcode = 'invalid_parameter_value';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'the date range must start on or before its end' using errcode = 'invalid_parameter_value';
  end if;
  return query
    select
      coalesce(case p_touch when 'first' then o.utm_first_campaign else o.utm_last_campaign end, '(none)'),
      coalesce(case p_touch when 'first' then o.utm_first_source else o.utm_last_source end, '(none)'),
      count(*),
      sum(o.amount_paise)::bigint,
      round(avg(o.amount_paise))::bigint
    from public.orders o
    where o.status <> 'cancelled'
      and o.payment_status not in ('failed', 'refunded')
      and (o.payment_status <> 'pending' or o.provider = 'cod')
      and (o.created_at at time zone 'Asia/Kolkata')::date between p_from and p_to
    group by 1, 2
    order by 4 desc, 1, 2;
end
$$;

revoke execute on function public.campaign_sales(date, date, text) from public, anon;
grant execute on function public.campaign_sales(date, date, text) to authenticated;
