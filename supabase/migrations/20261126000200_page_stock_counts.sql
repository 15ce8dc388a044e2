-- Issue 34: the admin grid shows one page of watches, so it asks for the pieces held and sold of
-- that page's watches only, not an aggregate of every order ever placed.
drop function public.watch_stock_counts();

create index orders_watch_idx on public.orders (watch_id) where watch_id is not null;

create function public.watch_stock_counts(p_watch_ids uuid[])
returns table (watch_id uuid, held integer, sold integer)
language sql stable security invoker
as $$
  select o.watch_id,
         (count(*) filter (where o.status = 'pending'))::integer,
         (count(*) filter (where o.status in ('paid', 'shipped', 'delivered')))::integer
  from public.orders o
  where o.watch_id = any(coalesce(p_watch_ids, '{}'))
    and o.status in ('pending', 'paid', 'shipped', 'delivered')
  group by o.watch_id
$$;

revoke execute on function public.watch_stock_counts(uuid[]) from public, anon, authenticated;
grant execute on function public.watch_stock_counts(uuid[]) to service_role;
