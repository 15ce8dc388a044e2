-- Issue 50 (3): a watch's page shows its price history. The history is public (the prices were
-- on the page when they were set), but the table stays closed to the public keys: they read a
-- watch's last changes, and nothing else, through this function.
create function public.watch_price_history(p_watch_id uuid, p_limit integer)
returns table (price_sol numeric, price_eur numeric, at timestamptz)
language sql stable security definer
set search_path = ''
as $$
  select p.price_sol, p.price_eur, p.at
  from public.watch_prices p
  where p.watch_id = p_watch_id
  order by p.at desc, p.id desc
  limit least(greatest(p_limit, 1), 100)
$$;

revoke execute on function public.watch_price_history(uuid, integer) from public;
grant execute on function public.watch_price_history(uuid, integer) to anon, authenticated, service_role;
