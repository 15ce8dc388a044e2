-- Issue 34: /featured's picks cost the same at 100,000 watches as at 40 (docs/performance.md).
-- The newest featured watch of each brand was a DISTINCT ON over every available featured watch,
-- and the extras an ORDER BY random() over every available special edition: tens of milliseconds
-- each at 100,000 watches, of the embedded database, in the server's own thread. Now the newest of
-- each brand is one probe of an index per brand (the brands from watch_listing_counts), and the
-- extras are read from an index of the special editions alone. What they pick is unchanged.

create index watches_featured_newest_idx on public.watches (brand, created_at desc, id) where available and featured;
create index watches_special_available_idx on public.watches (id) where available and special_edition;

create or replace function public.featured_watches()
returns setof public.watches
language sql stable security invoker
as $$
  select newest.*
  from (select distinct brand from public.watch_listing_counts where watches > 0) brands
  cross join lateral (
    select * from public.watches w
    where w.brand = brands.brand and w.available and w.featured
    order by w.created_at desc, w.id
    limit 1
  ) newest
  order by newest.created_at desc, newest.id
$$;

-- Each extra is the first available special edition, not shown yet, at or after a random id, going
-- round to the first: one probe of the special editions' index. A candidate is as likely as the
-- gap of ids before it, close to even for random ids; ORDER BY random() had to read them all. The
-- probe is planned with its values as literals: planned for a parameter, it read every candidate.
create or replace function public.special_edition_sample(p_exclude uuid[], p_limit integer)
returns setof public.watches
language plpgsql volatile security invoker
as $$
declare
  shown uuid[] := coalesce(p_exclude, '{}');
  start uuid;
  picked public.watches;
begin
  for pick in 1 .. least(greatest(coalesce(p_limit, 0), 0), 10) loop
    start := gen_random_uuid();
    execute format(
      'select * from public.watches w where w.available and w.special_edition and not (w.id = any(%L::uuid[]))'
      ' and w.id >= %L::uuid order by w.id limit 1',
      shown, start
    ) into picked;
    if picked.id is null then
      execute format(
        'select * from public.watches w where w.available and w.special_edition and not (w.id = any(%L::uuid[]))'
        ' order by w.id limit 1',
        shown
      ) into picked;
    end if;
    exit when picked.id is null;
    shown := shown || picked.id;
    return next picked;
  end loop;
end
$$;
