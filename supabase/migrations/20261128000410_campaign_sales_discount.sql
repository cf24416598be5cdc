-- Campaign sales carry the coupon discount given (issue 41): the same rows as before with one more
-- column, discount_paise, the sum of the orders' coupon discounts (0 without coupons). A function's
-- result columns cannot change in place, so it is dropped and made again with the same grants.

drop function public.campaign_sales(date, date, text);

create function public.campaign_sales(p_from date, p_to date, p_touch text default 'last')
returns table (campaign text, source text, orders bigint, revenue_paise bigint, average_order_paise bigint, discount_paise bigint)
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
      round(avg(o.amount_paise))::bigint,
      sum(o.discount_paise)::bigint
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
