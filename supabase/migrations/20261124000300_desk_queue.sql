-- The desk's queue asks the database for its counts and searches instead of filtering one page of
-- rows in the browser, so both stay right at any number of orders. Both run as the caller under
-- RLS (security invoker): staff see every order, a customer only their own, anon may not call them.

create function public.desk_order_counts()
returns table (status text, orders bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select o.status, count(*) from public.orders o group by o.status
$$;

-- An order number, email or mobile fragment (3+ characters; a mobile matched on its digits, 4+),
-- oldest first, at most 50. strpos rather than like, so % and _ in a query mean themselves.
create function public.desk_find_orders(p_query text)
returns setof public.orders
language sql
stable
security invoker
set search_path = ''
as $$
  with query as (
    select lower(btrim(p_query)) as text, regexp_replace(p_query, '\D', '', 'g') as digits
  )
  select o.*
    from public.orders o, query q
   where length(q.text) >= 3
     and (
       strpos(lower(o.order_number), q.text) > 0
       or strpos(lower(coalesce(o.delivery_email, '')), q.text) > 0
       or (length(q.digits) >= 4 and strpos(regexp_replace(coalesce(o.delivery_mobile, ''), '\D', '', 'g'), q.digits) > 0)
     )
   order by o.created_at
   limit 50
$$;

revoke execute on function public.desk_order_counts() from public, anon;
grant execute on function public.desk_order_counts() to authenticated, service_role;
revoke execute on function public.desk_find_orders(text) from public, anon;
grant execute on function public.desk_find_orders(text) to authenticated, service_role;
