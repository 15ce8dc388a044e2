-- Issue 50 (2): the listings filter by the collector's data, in SQL, and count what each choice
-- would leave (lib/catalog/facets.ts writes p_facets). A page's query stays one statement built
-- from literals (20261126001100_listing_pages_at_any_size.sql), the filters among them, so that
-- each is planned for its own values: a reference reads its index, a grade the rows it names.

-- The column a counted facet chooses from.
create function public.facet_column(p_facet text)
returns text
language sql immutable strict parallel safe
as $$
  select case p_facet
    when 'condition' then 'condition'
    when 'papers' then 'box_papers'
    when 'material' then 'case_material'
    when 'movement' then 'movement_type'
  end
$$;

-- The facets of p_facets as SQL over a row w of public.watches, all but p_except's ('true' for
-- none). Every value is a literal: lists as text arrays, numbers cast from the JSON (a value that
-- is no number is refused as data, 22P02), the reference as a prefix of its key.
create function public.facet_filters_sql(p_facets jsonb, p_except text default null)
returns text
language plpgsql immutable parallel safe
as $$
declare
  filters text[] := array['true'];
  facet text;
  bound record;
  price_column text := case when p_facets ->> 'currency' = 'eur' then 'price_eur' else 'price_sol' end;
begin
  if p_facets is null then
    return 'true';
  end if;
  if coalesce(p_except, '') <> 'ref' and coalesce(public.reference_key(p_facets ->> 'ref'), '') <> '' then
    filters := filters || format(
      'public.reference_key(w.reference) like %L',
      replace(replace(replace(public.reference_key(p_facets ->> 'ref'), '\', '\\'), '%', '\%'), '_', '\_') || '%'
    );
  end if;
  foreach facet in array array['condition', 'papers', 'material', 'movement'] loop
    if facet is distinct from p_except and jsonb_typeof(p_facets -> facet) = 'array' and jsonb_array_length(p_facets -> facet) > 0 then
      filters := filters || format(
        'w.%I = any (%L::text[])',
        public.facet_column(facet),
        array(select jsonb_array_elements_text(p_facets -> facet))
      );
    end if;
  end loop;
  for bound in
    select * from (values
      ('year_from', 'production_year', '>='), ('year_to', 'production_year', '<='),
      ('price_from', price_column, '>='), ('price_to', price_column, '<='),
      ('size_from', 'case_diameter_mm', '>='), ('size_to', 'case_diameter_mm', '<=')
    ) bounds(name, column_name, operator)
  loop
    if split_part(bound.name, '_', 1) is distinct from p_except and p_facets ? bound.name then
      filters := filters || format('w.%I %s %s', bound.column_name, bound.operator, (p_facets ->> bound.name)::numeric);
    end if;
  end loop;
  return array_to_string(filters, ' and ');
end
$$;

-- What every query of a listing shares: its listing, its brand and its search (search_sql's
-- matches, worked out once by the caller).
create function public.listing_base_sql(p_matches text, p_listing text, p_brand text)
returns text
language sql immutable parallel safe
as $$
  select format(
    '%s and (%L = ''all'' or (%L = ''crypto'' and w.crypto_edition)) and (%L = '''' or w.brand = %L)',
    p_matches, p_listing, p_listing, coalesce(p_brand, ''), coalesce(p_brand, '')
  )
$$;

drop function public.listing_page(text, text, text, text, bigint, integer, integer);
drop function public.listing_page_queries(text, text, text, text, bigint, integer, integer);

-- As before, with the facets among the filters. A listing filtered by a facet counts its
-- matches, as a search does; one without takes the kept counts.
create function public.listing_page_queries(
  p_listing text,
  p_query text,
  p_brand text,
  p_sort text,
  p_seed bigint,
  p_offset integer,
  p_limit integer,
  p_facets jsonb default '{}',
  out page_query text,
  out count_query text
)
language plpgsql stable security invoker
as $$
declare
  search record;
  searching boolean;
  faceted boolean;
  filters text;
begin
  select * into search from public.search_sql(p_query);
  searching := search.matches <> 'true';
  filters := public.facet_filters_sql(p_facets);
  faceted := filters <> 'true';
  filters := public.listing_base_sql(search.matches, p_listing, p_brand) || case when faceted then ' and ' || filters else '' end;
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
  count_query := case when searching or faceted then format('select count(*) from public.watches w where %s', filters) end;
end
$$;

create function public.listing_page(
  p_listing text,
  p_query text,
  p_brand text,
  p_sort text,
  p_seed bigint,
  p_offset integer,
  p_limit integer,
  p_facets jsonb default '{}'
)
returns jsonb
language plpgsql stable security invoker
as $$
declare
  queries record;
  page_ids uuid[];
  total bigint;
begin
  select * into queries from public.listing_page_queries(p_listing, p_query, p_brand, p_sort, p_seed, p_offset, p_limit, p_facets);
  execute format('select array(%s)', queries.page_query) into page_ids;
  if queries.count_query is null then
    total := public.listing_total(p_listing, p_brand);
  else
    execute queries.count_query into total;
  end if;
  return jsonb_build_object('total', total, 'watches', public.watches_json(page_ids));
end
$$;

-- The queries that count a listing's choices: for each counted facet, the watches of each of its
-- values that the listing's other filters leave. The facets not chosen from share their filters,
-- so they are counted together, in one pass (grouping sets); each facet chosen from is counted
-- without its own filter, in a pass of its own. Apart, so that their plans can be checked.
create function public.listing_facet_queries(p_listing text, p_query text, p_brand text, p_facets jsonb default '{}')
returns setof text
language plpgsql stable security invoker
as $$
declare
  base text := public.listing_base_sql((select matches from public.search_sql(p_query)), p_listing, p_brand);
  facet text;
  together text[] := '{}';
begin
  foreach facet in array array['condition', 'papers', 'material', 'movement'] loop
    if jsonb_typeof(p_facets -> facet) = 'array' and jsonb_array_length(p_facets -> facet) > 0 then
      return next format(
        'select %L as facet, w.%I as value, count(*) as watches from public.watches w where %s and %s and w.%I is not null group by w.%I',
        facet, public.facet_column(facet), base, public.facet_filters_sql(p_facets, facet), public.facet_column(facet), public.facet_column(facet)
      );
    else
      together := together || facet;
    end if;
  end loop;
  if cardinality(together) > 0 then
    return next format(
      'select case %s end as facet, coalesce(%s) as value, count(*) as watches from public.watches w where %s and %s group by grouping sets (%s)',
      (select string_agg(format('when grouping(w.%I) = 0 then %L', public.facet_column(f), f), ' ') from unnest(together) f),
      (select string_agg(format('w.%I', public.facet_column(f)), ', ') from unnest(together) f),
      base,
      public.facet_filters_sql(p_facets),
      (select string_agg(format('(w.%I)', public.facet_column(f)), ', ') from unnest(together) f)
    );
  end if;
end
$$;

-- How many watches each choice of each counted facet would leave: {"condition": {"unworn": 3, …},
-- "papers": {…}, "material": {…}, "movement": {…}}; a choice that would leave none is left out.
create function public.listing_facets(p_listing text, p_query text, p_brand text, p_facets jsonb default '{}')
returns jsonb
language plpgsql stable security invoker
as $$
declare
  counts jsonb := '{"condition": {}, "papers": {}, "material": {}, "movement": {}}';
  query text;
  counted record;
begin
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

revoke execute on function public.facet_filters_sql(jsonb, text) from public;
revoke execute on function public.listing_base_sql(text, text, text) from public;
revoke execute on function public.listing_facet_queries(text, text, text, jsonb) from public;
grant execute on function public.facet_filters_sql(jsonb, text) to anon, authenticated, service_role;
grant execute on function public.listing_base_sql(text, text, text) to anon, authenticated, service_role;
grant execute on function public.listing_facet_queries(text, text, text, jsonb) to anon, authenticated, service_role;
