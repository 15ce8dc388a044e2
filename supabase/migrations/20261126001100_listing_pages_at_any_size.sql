-- Issue 34: a listing's kept first pages cost the same at 100,000 watches as at 40
-- (docs/performance.md: "Listings a page at a time, in SQL").
--
-- A listing's first page without a search read every watch twice: once to order them (the
-- shuffle hashes each id with the seed) and once to count them. At 100,000 watches that was about
-- 100 ms of the embedded database for each of a listing's kept orders, and the server answered
-- nothing else meanwhile. Now:
--   - the number of watches of each brand, crypto editions apart, is kept in a table of its own by
--     statement triggers, so a listing's total and its brands are a sum over a few dozen rows;
--   - each of the orders a listing's first page is shown in without a seed (seeds 1 to 12,
--     UNSEEDED_ORDERS in lib/catalog/pages.ts) has an index on the shuffle's key, so its page is
--     read from that index, 24 rows, whatever the catalogue's size;
--   - the ORDER BY is written for the sort asked, with the seed as a literal, so that the planner
--     can use those indexes.
-- A search, another seed or another sort still orders every matching watch, as before. What a page
-- holds, its order and its total are unchanged.

create table public.watch_listing_counts (
  brand text not null,
  crypto_edition boolean not null,
  watches bigint not null,
  primary key (brand, crypto_edition)
);
alter table public.watch_listing_counts enable row level security;
create policy "listing counts are public" on public.watch_listing_counts for select to anon, authenticated using (true);
revoke all on public.watch_listing_counts from anon, authenticated;
grant select on public.watch_listing_counts to anon, authenticated;
grant all on public.watch_listing_counts to service_role;

-- Once per statement, over the rows it wrote: the net change of each brand's count, as one upsert
-- in key order, so that two writers at once lock the counts' rows in the same order and never
-- deadlock. (A transition table allows one event per trigger: hence three triggers, and the
-- branches, each naming only the tables its trigger has.)
create function public.count_listing_watches()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.watch_listing_counts as counts (brand, crypto_edition, watches)
    select brand, crypto_edition, count(*) from added group by brand, crypto_edition order by brand, crypto_edition
    on conflict (brand, crypto_edition) do update set watches = counts.watches + excluded.watches;
  elsif tg_op = 'DELETE' then
    insert into public.watch_listing_counts as counts (brand, crypto_edition, watches)
    select brand, crypto_edition, -count(*) from removed group by brand, crypto_edition order by brand, crypto_edition
    on conflict (brand, crypto_edition) do update set watches = counts.watches + excluded.watches;
  else
    insert into public.watch_listing_counts as counts (brand, crypto_edition, watches)
    select brand, crypto_edition, sum(change)
    from (
      select brand, crypto_edition, 1 as change from added
      union all
      select brand, crypto_edition, -1 from removed
    ) changes
    group by brand, crypto_edition
    having sum(change) <> 0
    order by brand, crypto_edition
    on conflict (brand, crypto_edition) do update set watches = counts.watches + excluded.watches;
  end if;
  return null;
end
$$;
revoke execute on function public.count_listing_watches() from public, anon, authenticated;

create trigger watches_count_inserted
  after insert on public.watches referencing new table as added
  for each statement execute function public.count_listing_watches();
create trigger watches_count_updated
  after update on public.watches referencing old table as removed new table as added
  for each statement execute function public.count_listing_watches();
create trigger watches_count_deleted
  after delete on public.watches referencing old table as removed
  for each statement execute function public.count_listing_watches();

insert into public.watch_listing_counts (brand, crypto_edition, watches)
select brand, crypto_edition, count(*) from public.watches group by brand, crypto_edition;

-- The shuffle's key of each unseeded order (seeds 1 to 12), with the id that breaks its ties.
create index watches_shuffle_1_idx on public.watches (uuid_hash_extended(id, 1), id);
create index watches_shuffle_2_idx on public.watches (uuid_hash_extended(id, 2), id);
create index watches_shuffle_3_idx on public.watches (uuid_hash_extended(id, 3), id);
create index watches_shuffle_4_idx on public.watches (uuid_hash_extended(id, 4), id);
create index watches_shuffle_5_idx on public.watches (uuid_hash_extended(id, 5), id);
create index watches_shuffle_6_idx on public.watches (uuid_hash_extended(id, 6), id);
create index watches_shuffle_7_idx on public.watches (uuid_hash_extended(id, 7), id);
create index watches_shuffle_8_idx on public.watches (uuid_hash_extended(id, 8), id);
create index watches_shuffle_9_idx on public.watches (uuid_hash_extended(id, 9), id);
create index watches_shuffle_10_idx on public.watches (uuid_hash_extended(id, 10), id);
create index watches_shuffle_11_idx on public.watches (uuid_hash_extended(id, 11), id);
create index watches_shuffle_12_idx on public.watches (uuid_hash_extended(id, 12), id);

-- How many watches a listing has, of one brand or of all ('' or null), without a search.
create function public.listing_total(p_listing text, p_brand text)
returns bigint
language sql stable security invoker
as $$
  select coalesce(sum(watches), 0)::bigint from public.watch_listing_counts
  where (p_listing = 'all' or (p_listing = 'crypto' and crypto_edition))
    and (coalesce(p_brand, '') = '' or brand = p_brand)
$$;

-- The brands a listing's filter offers (SPEC §2: each distinct brand of the listing).
create or replace function public.listing_brands(p_listing text)
returns setof text
language sql stable security invoker
as $$
  select brand from public.watch_listing_counts
  where watches > 0 and (p_listing = 'all' or (p_listing = 'crypto' and crypto_edition))
  group by brand
  order by brand
$$;

-- The queries of a listing's page (listing_page's arguments), every value a literal, so that the
-- planner reads the shuffle of seeds 1 to 12 from its index: the page's, ordered by the sort
-- asked, then relevance when searching, then the seed's shuffle; and, for a search, its count
-- (null without one: the kept counts answer). Apart, so that their plans can be checked
-- (tests/unit/listing-plans.test.ts).
create function public.listing_page_queries(
  p_listing text,
  p_query text,
  p_brand text,
  p_sort text,
  p_seed bigint,
  p_offset integer,
  p_limit integer,
  out page_query text,
  out count_query text
)
language plpgsql stable security invoker
as $$
declare
  search record;
  searching boolean;
  filters text;
begin
  select * into search from public.search_sql(p_query);
  searching := search.matches <> 'true';
  filters := format(
    '%s and (%L = ''all'' or (%L = ''crypto'' and w.crypto_edition)) and (%L = '''' or w.brand = %L)',
    search.matches, p_listing, p_listing, coalesce(p_brand, ''), coalesce(p_brand, '')
  );
  page_query := format(
    'select w.id from public.watches w where %s order by %s offset %s limit %s',
    filters,
    case p_sort
      when 'newest' then 'w.created_at desc nulls last, '
      when 'price-asc' then 'w.price_sol asc nulls last, '
      when 'price-desc' then 'w.price_sol desc nulls last, '
      else ''
    end
    || case when searching then search.relevance || ' desc, ' else '' end
    || format('uuid_hash_extended(w.id, %s), w.id', coalesce(p_seed, 0)),
    greatest(coalesce(p_offset, 0), 0),
    least(greatest(coalesce(p_limit, 0), 0), 100)
  );
  count_query := case when searching then format('select count(*) from public.watches w where %s', filters) end;
end
$$;

create or replace function public.listing_page(
  p_listing text,
  p_query text,
  p_brand text,
  p_sort text,
  p_seed bigint,
  p_offset integer,
  p_limit integer
)
returns jsonb
language plpgsql stable security invoker
as $$
declare
  queries record;
  page_ids uuid[];
  total bigint;
begin
  select * into queries from public.listing_page_queries(p_listing, p_query, p_brand, p_sort, p_seed, p_offset, p_limit);
  execute format('select array(%s)', queries.page_query) into page_ids;
  if queries.count_query is null then
    total := public.listing_total(p_listing, p_brand);
  else
    execute queries.count_query into total;
  end if;
  return jsonb_build_object('total', total, 'watches', public.watches_json(page_ids));
end
$$;
