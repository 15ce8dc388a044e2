-- Issue 34: the search compares text with LIKE rather than regular expressions, and each search is
-- planned for its own words (docs/performance.md: "The search, planned for its words"). LIKE is
-- a plain byte comparison where a regular expression runs a matcher over each watch's text, and a
-- plan made for the words themselves reads the trigram index for a rare word and every watch for a
-- common one. What a search finds is unchanged.

drop function public.listing_page(text, text, text, text, bigint, integer, integer);
drop function public.catalogue_page(text, integer, integer);
drop function public.watches_searched(text);
drop function public.search_patterns(text);

-- What a search asks for: for each of its words (folded, at most 8), in the order typed, the texts
-- a watch may contain for it: the word as written (SPEC's case-insensitive match) and, for a word
-- of four letters or more and nothing else, the catalogue's words closest to it ('rollex' finds
-- 'rolex', 'nautilis' 'nautilus'; a reference such as 5711 is matched as written). A watch
-- matches when its text contains one of each word's, in any order.
create function public.search_terms(p_query text)
returns table (alternatives text[])
language sql stable security invoker
set search_path = extensions, pg_catalog
as $$
  with words as (
    select position, word
    from regexp_split_to_table(public.catalogue_fold(coalesce(p_query, '')), '\s+') with ordinality as split(word, position)
    where word <> ''
    order by position
    limit 8
  )
  select array[words.word] || coalesce(array(
    select known.word from public.catalogue_words known
    where length(words.word) >= 4 and words.word ~ '^[[:alpha:]]+$'
      and known.word % words.word and similarity(known.word, words.word) >= 0.45 and known.word <> words.word
    order by similarity(known.word, words.word) desc, known.word
    limit 4
  ), '{}')
  from words
  order by words.position
$$;

-- A word's texts as a LIKE test of one column, every character plain text: the column contains one
-- of them.
create function public.contains_any_sql(p_column text, p_alternatives text[])
returns text
language sql immutable strict parallel safe
as $$
  select format('%I like any (%L::text[])', p_column, array(
    select '%' || replace(replace(replace(alternative, '\', '\\'), '%', '\%'), '_', '\_') || '%'
    from unnest(p_alternatives) alternative
  ))
$$;

-- The search as SQL over a row of public.watches: which watches it matches (every one without a
-- search) and their relevance (a word found in the model counts most, then in the brand, then in
-- the description alone). Built from literals, so that each search gets a plan for its own words.
create function public.search_sql(p_query text, out matches text, out relevance text)
language sql stable security invoker
as $$
  select
    coalesce(string_agg(public.contains_any_sql('search_text', alternatives), ' and '), 'true'),
    coalesce(string_agg(
      format('(%s)::integer * 2 + (%s)::integer',
        public.contains_any_sql('model_text', alternatives), public.contains_any_sql('brand_text', alternatives)),
      ' + '), '0')
  from public.search_terms(p_query)
$$;

-- A page's watches as the pages read them (watch_json), in the order of their ids.
create function public.watches_json(p_ids uuid[])
returns jsonb
language sql stable security invoker
as $$
  select coalesce(jsonb_agg(public.watch_json(to_jsonb(w)) order by page.position), '[]'::jsonb)
  from unnest(p_ids) with ordinality as page(id, position)
  join public.watches w on w.id = page.id
$$;

-- One page of a storefront listing (SPEC §2, /watches and /crypto-editions) with the number of
-- watches the listing has in all.
--   p_listing: 'all' (every watch, sold out too) or 'crypto' (the crypto editions)
--   p_query:   SPEC's search (search_terms); '' for none
--   p_brand:   one brand, or '' (or null) for all
--   p_sort:    'shuffle' (the order p_seed fixes; by relevance first when searching), 'newest',
--              'price-asc' or 'price-desc' (in SOL, as the cards show it)
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
language plpgsql stable security invoker
as $$
declare
  search record;
  result jsonb;
begin
  select * into search from public.search_sql(p_query);
  execute format($page$
    with matched as (
      -- Only what orders the watches: their whole rows are read for the page alone.
      select w.id, w.created_at, w.price_sol, %s as rank
      from public.watches w
      where %s
        and ($1 = 'all' or ($1 = 'crypto' and w.crypto_edition))
        and ($2 = '' or w.brand = $2)
    )
    -- ORDER BY with a LIMIT keeps only the watches up to the page (a top-N sort), not all of them.
    select jsonb_build_object(
      'total', (select count(*) from matched),
      'watches', public.watches_json(array(
        select id from matched
        order by
          case when $3 = 'newest' then created_at end desc nulls last,
          case when $3 = 'price-asc' then price_sol end asc nulls last,
          case when $3 = 'price-desc' then price_sol end desc nulls last,
          rank desc,
          uuid_hash_extended(id, $4),
          id
        offset greatest($5, 0)
        limit least(greatest($6, 0), 100)
      ))
    )
  $page$, search.relevance, search.matches)
  into result
  using p_listing, coalesce(p_brand, ''), p_sort, p_seed, p_offset, p_limit;
  return result;
end
$$;

-- One page of the admin grid (SPEC §2: by brand, newest first), searched like the storefront,
-- with the number of watches found in all.
create function public.catalogue_page(p_query text, p_offset integer, p_limit integer)
returns jsonb
language plpgsql stable security invoker
as $$
declare
  search record;
  result jsonb;
begin
  select * into search from public.search_sql(p_query);
  execute format($page$
    with matched as (
      select w.id, w.brand, w.created_at from public.watches w where %s
    )
    select jsonb_build_object(
      'total', (select count(*) from matched),
      'watches', public.watches_json(array(
        select id from matched
        order by brand, created_at desc, id
        offset greatest($1, 0)
        limit least(greatest($2, 0), 100)
      ))
    )
  $page$, search.matches)
  into result
  using p_offset, p_limit;
  return result;
end
$$;
