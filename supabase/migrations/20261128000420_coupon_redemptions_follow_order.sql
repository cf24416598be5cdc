-- A redemption names its customer as its order does (account, mobile), and no longer than it does:
-- when account deletion clears an order's person (delete_customer_data) or the account goes (user_id
-- set null), the redemption follows. The use itself stays counted against the code's total.

create function public.orders_redemption_follows() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.coupon_redemptions
     set user_id = new.user_id, mobile = new.delivery_mobile
   where order_id = new.id
     and (user_id is distinct from new.user_id or mobile is distinct from new.delivery_mobile);
  return new;
end
$$;

create trigger orders_redemption_follows
  after update of user_id, delivery_mobile on public.orders
  for each row when (old.user_id is distinct from new.user_id or old.delivery_mobile is distinct from new.delivery_mobile)
  execute function public.orders_redemption_follows();

revoke execute on function public.orders_redemption_follows() from public, anon, authenticated;
