-- Issue 50 (1): the whole catalogue, with the collector's data, as the admin's CSV download: a
-- batch at a time after the last id of the one before, so each batch is read from the primary
-- key's index, whatever the catalogue's size (an offset would read every row before it again).
create function public.catalogue_export(p_after uuid, p_limit integer)
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches
  where id > coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid)
  order by id
  limit least(greatest(p_limit, 1), 1000)
$$;

revoke execute on function public.catalogue_export(uuid, integer) from public, anon, authenticated;
grant execute on function public.catalogue_export(uuid, integer) to service_role;
