-- Issue 50 (2): a listing without a search or a filter (/watches, a brand, the crypto editions:
-- the pages shoppers land on most) reads its choices' counts from counts kept by the database,
-- as its total is read from watch_listing_counts, instead of counting every watch of the listing
-- again after each edit of the catalogue. A search or a filter still counts what it leaves.

create table public.watch_facet_counts (
  brand text not null,
  crypto_edition boolean not null,
  facet text not null,
  value text not null,
  watches bigint not null,
  primary key (brand, crypto_edition, facet, value)
);
alter table public.watch_facet_counts enable row level security;
create policy "facet counts are public" on public.watch_facet_counts for select to anon, authenticated using (true);
revoke all on public.watch_facet_counts from anon, authenticated;
grant select on public.watch_facet_counts to anon, authenticated;
grant all on public.watch_facet_counts to service_role;

-- The counted facets' choices a watch has, one row per facet it has a value for (plain SQL, no
-- settings, so that the planner inlines it into the statements below).
create function public.facet_choices(p_condition text, p_papers text, p_material text, p_movement text)
returns table (facet text, value text)
language sql immutable parallel safe
as $$
  select facet, value
  from (values ('condition', p_condition), ('papers', p_papers), ('material', p_material), ('movement', p_movement)) f(facet, value)
  where value is not null
$$;
revoke execute on function public.facet_choices(text, text, text, text) from public, anon, authenticated;

-- Once per statement, over the rows it wrote: the net change of each (brand, edition, facet, value)
-- as one upsert in key order, so that two writers at once lock the counts' rows in the same order
-- and never deadlock (as count_listing_watches does). A watch adds one to each facet it has a value
-- for; a change of anything else nets to nothing and writes nothing.
create function public.count_facet_watches()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.watch_facet_counts as counts (brand, crypto_edition, facet, value, watches)
    select w.brand, w.crypto_edition, f.facet, f.value, count(*)
    from added w
    cross join lateral public.facet_choices(w.condition, w.box_papers, w.case_material, w.movement_type) f
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (brand, crypto_edition, facet, value) do update set watches = counts.watches + excluded.watches;
  elsif tg_op = 'DELETE' then
    insert into public.watch_facet_counts as counts (brand, crypto_edition, facet, value, watches)
    select w.brand, w.crypto_edition, f.facet, f.value, -count(*)
    from removed w
    cross join lateral public.facet_choices(w.condition, w.box_papers, w.case_material, w.movement_type) f
    group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (brand, crypto_edition, facet, value) do update set watches = counts.watches + excluded.watches;
  else
    insert into public.watch_facet_counts as counts (brand, crypto_edition, facet, value, watches)
    select changes.brand, changes.crypto_edition, f.facet, f.value, sum(changes.change)
    from (
      select brand, crypto_edition, condition, box_papers, case_material, movement_type, 1 as change from added
      union all
      select brand, crypto_edition, condition, box_papers, case_material, movement_type, -1 from removed
    ) changes
    cross join lateral public.facet_choices(changes.condition, changes.box_papers, changes.case_material, changes.movement_type) f
    group by 1, 2, 3, 4
    having sum(changes.change) <> 0
    order by 1, 2, 3, 4
    on conflict (brand, crypto_edition, facet, value) do update set watches = counts.watches + excluded.watches;
  end if;
  return null;
end
$$;
revoke execute on function public.count_facet_watches() from public, anon, authenticated;

create trigger watches_facets_inserted
  after insert on public.watches referencing new table as added
  for each statement execute function public.count_facet_watches();
create trigger watches_facets_updated
  after update on public.watches referencing old table as removed new table as added
  for each statement execute function public.count_facet_watches();
create trigger watches_facets_deleted
  after delete on public.watches referencing old table as removed
  for each statement execute function public.count_facet_watches();

insert into public.watch_facet_counts (brand, crypto_edition, facet, value, watches)
select w.brand, w.crypto_edition, f.facet, f.value, count(*)
from public.watches w
cross join lateral public.facet_choices(w.condition, w.box_papers, w.case_material, w.movement_type) f
group by 1, 2, 3, 4;

-- As before; a listing without a search or a filter sums its kept counts.
create or replace function public.listing_facets(p_listing text, p_query text, p_brand text, p_facets jsonb default '{}')
returns jsonb
language plpgsql stable security invoker
as $$
declare
  counts jsonb := '{"condition": {}, "papers": {}, "material": {}, "movement": {}}';
  query text;
  counted record;
begin
  if (select matches from public.search_sql(p_query)) = 'true' and public.facet_filters_sql(p_facets) = 'true' then
    for counted in
      select facet, value, sum(watches) as watches from public.watch_facet_counts
      where (p_listing = 'all' or (p_listing = 'crypto' and crypto_edition))
        and (coalesce(p_brand, '') = '' or brand = p_brand)
      group by facet, value
      having sum(watches) > 0
    loop
      counts := jsonb_set(counts, array[counted.facet, counted.value], to_jsonb(counted.watches));
    end loop;
    return counts;
  end if;
  for query in select * from public.listing_facet_queries(p_listing, p_query, p_brand, p_facets) loop
    for counted in execute query loop
      if counted.value is not null then
        counts := jsonb_set(counts, array[counted.facet, counted.value], to_jsonb(counted.watches));
      end if;
    end loop;
  end loop;
  return counts;
end
$$;
