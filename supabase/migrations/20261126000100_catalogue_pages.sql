-- A catalogue of any size (docs/decisions.md: "A catalogue of any size"): every listing, the admin
-- grid and every feed ask for one page of it, searched, filtered, ordered and counted here, so that
-- what a page costs does not grow with the catalogue. Both stores call these functions.

-- Supabase keeps extensions in their own schema; the embedded database gets the same one.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;
-- As on Supabase: the API's roles use what is in it (the search columns are computed on write).
grant usage on schema extensions to anon, authenticated, service_role;

-- Text as the search compares it: accents dropped (Glashütte = glashutte), lower case. unaccent()
-- is only stable (its dictionary could change); it is pinned to the dictionary by name here, so
-- that the search column and its index may use it.
create function public.catalogue_fold(p_text text)
returns text
language sql immutable strict parallel safe
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;

-- SPEC §2: a feature text containing one of these makes a special edition (/featured's extras),
-- and these or 'crypto', 'blockchain' or 'QR' a crypto edition (/crypto-editions). Case-sensitive,
-- as in the seed (lib/catalog/special-editions.ts says the same for the browser).
create function public.has_feature_containing(p_features text[], p_markers text[])
returns boolean
language sql immutable strict parallel safe
as $$
  select exists (
    select 1 from unnest(p_features) feature, unnest(p_markers) marker
    where strpos(feature, marker) > 0
  )
$$;

alter table public.watches
  add column search_text text not null
    generated always as (public.catalogue_fold(brand || ' ' || model || ' ' || description)) stored,
  add column model_text text not null generated always as (public.catalogue_fold(model)) stored,
  add column brand_text text not null generated always as (public.catalogue_fold(brand)) stored,
  add column special_edition boolean not null
    generated always as (public.has_feature_containing(features, array['nft_certified', 'Special Edition'])) stored,
  add column crypto_edition boolean not null
    generated always as (
      public.has_feature_containing(features, array['nft_certified', 'Special Edition', 'crypto', 'blockchain', 'QR'])
    ) stored;

create index watches_search_trgm_idx on public.watches using gin (search_text extensions.gin_trgm_ops);
create index watches_crypto_brand_idx on public.watches (brand) where crypto_edition;
create index watches_created_idx on public.watches (created_at desc, id);
create index watches_admin_order_idx on public.watches (brand, created_at desc, id);

-- Every word the catalogue has ever used (folded, four letters or more): what a misspelt search
-- word is compared with: comparing it with each watch's whole text made a search cost grow with
-- the catalogue (docs/performance.md). Words of deleted watches stay: they match nothing.
create table public.catalogue_words (word text primary key);
create index catalogue_words_trgm_idx on public.catalogue_words using gin (word extensions.gin_trgm_ops);
alter table public.catalogue_words enable row level security;
create policy "catalogue words are public" on public.catalogue_words for select to anon, authenticated using (true);
revoke all on public.catalogue_words from anon, authenticated;
grant select on public.catalogue_words to anon, authenticated;
grant all on public.catalogue_words to service_role;

-- Once per statement, over the rows it wrote: a generated catalogue of thousands inserted in one
-- statement records its words in one pass. (A transition table allows one event per trigger.)
create function public.record_catalogue_words()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.catalogue_words (word)
  select distinct word from changed, regexp_split_to_table(changed.search_text, '[^[:alnum:]]+') word
  where length(word) >= 4
  on conflict do nothing;
  return null;
end
$$;
revoke execute on function public.record_catalogue_words() from public, anon, authenticated;

create trigger watches_record_inserted_words
  after insert on public.watches referencing new table as changed
  for each statement execute function public.record_catalogue_words();
create trigger watches_record_updated_words
  after update on public.watches referencing new table as changed
  for each statement execute function public.record_catalogue_words();

insert into public.catalogue_words (word)
select distinct word from public.watches, regexp_split_to_table(search_text, '[^[:alnum:]]+') word
where length(word) >= 4
on conflict do nothing;

-- A watch as the pages read it: its own fields, without the search's columns.
create function public.watch_json(p_row jsonb)
returns jsonb
language sql immutable strict parallel safe
as $$
  select p_row - array['search_text', 'model_text', 'brand_text', 'special_edition', 'crypto_edition', 'rank', 'position']
$$;

-- What a search asks for: for each of its words (folded, at most 8), a regular expression matching
-- the word as written (SPEC's case-insensitive match, every character plain text) or, for a word
-- of four letters or more and nothing else, the catalogue's words closest to it ('rollex' finds
-- 'rolex', 'nautilis' 'nautilus'; a reference such as 5711 is matched as written). A watch matches
-- when its text matches every one, in any order. The longest word's comes first.
create function public.search_patterns(p_query text)
returns text[]
language sql stable security invoker
set search_path = extensions, pg_catalog
as $$
  with words as (
    select position, word
    from regexp_split_to_table(public.catalogue_fold(coalesce(p_query, '')), '\s+') with ordinality as split(word, position)
    where word <> ''
    order by position
    limit 8
  ),
  alternatives as (
    select position, word as alternative from words
    union
    select words.position, close.word from words
    cross join lateral (
      select known.word from public.catalogue_words known
      where length(words.word) >= 4 and words.word ~ '^[[:alpha:]]+$'
        and known.word % words.word and similarity(known.word, words.word) >= 0.45
      order by similarity(known.word, words.word) desc, known.word
      limit 4
    ) close
  )
  select coalesce(array_agg(pattern order by longest desc, position), '{}')
  from (
    select position, max(length(alternative)) as longest, '(' || string_agg(regexp_replace(alternative, '([^[:alnum:]])', '\\\1', 'g'), '|') || ')' as pattern
    from alternatives
    group by position
  ) patterns
$$;

-- The watches a search matches: every watch without a search. With one, the trigram index finds
-- those matching its longest word (three characters or more: a shorter one has no trigram to look
-- up), and only they are checked against the others, rather than every watch's text
-- (docs/performance.md).
create function public.watches_searched(p_query text)
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches
  where (select cardinality(public.search_patterns(p_query)) = 0)
  union all
  select * from public.watches
  where (select length((public.search_patterns(p_query))[1]) >= 5)
    and search_text ~ (select (public.search_patterns(p_query))[1])
    and search_text ~ all ((select public.search_patterns(p_query))::text[])
  union all
  select * from public.watches
  where (select length((public.search_patterns(p_query))[1]) < 5)
    and search_text ~ all ((select public.search_patterns(p_query))::text[])
$$;

-- One page of a storefront listing (SPEC §2, /watches and /crypto-editions) with the number of
-- watches the listing has in all.
--   p_listing: 'all' (every watch, sold out too) or 'crypto' (the crypto editions)
--   p_query:   SPEC's search (search_patterns); '' for none
--   p_brand:   one brand, or '' (or null) for all
--   p_sort:    'shuffle' (the order p_seed fixes; by relevance first when searching: a word found
--              in the model counts most, then in the brand), 'newest', 'price-asc' or
--              'price-desc' (in SOL, as the cards show it)
-- The seed fixes the order across pages: paging never repeats or skips a watch.
create function public.listing_page(
  p_listing text,
  p_query text,
  p_brand text,
  p_sort text,
  p_seed bigint,
  p_offset integer,
  p_limit integer
)
returns jsonb
language sql stable security invoker
as $$
  with search as materialized (
    select public.search_patterns(p_query) as patterns
  ),
  -- Only what orders the watches: their whole rows are read for the page alone.
  matched as (
    select w.id, w.created_at, w.price_sol,
      case when cardinality(search.patterns) = 0 then 0 else
        (select count(*) * 2 from unnest(search.patterns) pattern where w.model_text ~ pattern)
        + (select count(*) from unnest(search.patterns) pattern where w.brand_text ~ pattern)
      end as rank
    from public.watches_searched(p_query) w, search
    where (p_listing = 'all' or (p_listing = 'crypto' and w.crypto_edition))
      and (coalesce(p_brand, '') = '' or w.brand = p_brand)
  ),
  -- ORDER BY with a LIMIT keeps only the watches up to the page (a top-N sort), not all of them.
  page as (
    select id, row_number() over () as position from (
      select id from matched
      order by
        case when p_sort = 'newest' then created_at end desc nulls last,
        case when p_sort = 'price-asc' then price_sol end asc nulls last,
        case when p_sort = 'price-desc' then price_sol end desc nulls last,
        rank desc,
        uuid_hash_extended(id, p_seed),
        id
      offset greatest(p_offset, 0)
      limit least(greatest(p_limit, 0), 100)
    ) chosen
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'watches', coalesce(
      (select jsonb_agg(public.watch_json(to_jsonb(w)) order by page.position)
       from page join public.watches w on w.id = page.id),
      '[]'::jsonb
    )
  )
$$;

-- The brands a listing's filter offers (SPEC §2: each distinct brand of the listing).
create function public.listing_brands(p_listing text)
returns setof text
language sql stable security invoker
as $$
  select distinct brand from public.watches
  where p_listing = 'all' or (p_listing = 'crypto' and crypto_edition)
  order by brand
$$;

-- The brand cards' check (SPEC §2): how many available watches a brand has.
create function public.available_brand_count(p_brand text)
returns bigint
language sql stable security invoker
as $$
  select count(*) from public.watches where available and brand = p_brand
$$;

-- One page of the admin grid (SPEC §2: by brand, newest first), searched like the storefront,
-- with the number of watches found in all.
create function public.catalogue_page(p_query text, p_offset integer, p_limit integer)
returns jsonb
language sql stable security invoker
as $$
  with matched as (
    select w.id, w.brand, w.created_at from public.watches_searched(p_query) w
  ),
  page as (
    select id from matched
    order by brand, created_at desc, id
    offset greatest(p_offset, 0)
    limit least(greatest(p_limit, 0), 100)
  )
  select jsonb_build_object(
    'total', (select count(*) from matched),
    'watches', coalesce(
      (select jsonb_agg(public.watch_json(to_jsonb(w)) order by w.brand, w.created_at desc, w.id)
       from page join public.watches w on w.id = page.id),
      '[]'::jsonb
    )
  )
$$;

-- /featured's extras (SPEC §2): up to p_limit available special editions, picked at random, none
-- of those already shown.
create function public.special_edition_sample(p_exclude uuid[], p_limit integer)
returns setof public.watches
language sql volatile security invoker
as $$
  select * from public.watches
  where available and special_edition and not (id = any(coalesce(p_exclude, '{}')))
  order by random()
  limit least(greatest(p_limit, 0), 10)
$$;

-- The newest watches, sold out too (llms.txt).
create function public.newest_watches(p_limit integer)
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches order by created_at desc, id limit least(greatest(p_limit, 0), 1000)
$$;

-- The sitemap's watch pages, a file at a time, in a fixed order: how many there are, and one file.
create function public.watch_count()
returns bigint
language sql stable security invoker
as $$
  select count(*) from public.watches
$$;

create function public.sitemap_watches(p_offset integer, p_limit integer)
returns table (id uuid, image_urls text[], created_at timestamptz)
language sql stable security invoker
as $$
  select w.id, w.image_urls, w.created_at from public.watches w
  order by w.created_at, w.id
  offset greatest(p_offset, 0) limit least(greatest(p_limit, 0), 50000)
$$;
