-- Issue 50 (1): a watch described as collectors compare watches (DESIGN: The collector's data).
-- Each fact is a column with its own check, so that the listings can filter and count by it in SQL
-- and no store, form or script can write a grade or a year the shop does not know. Every column
-- may be empty: a watch added before, or by a client that does not know it, is simply not graded.
-- The words of each closed list are the ones the shop's URLs use (lib/catalog/collector.ts).

alter table public.watches
  -- As the maker writes it (126610LN, 5711/1A-010): letters and digits, with spaces, dots,
  -- slashes and dashes between them.
  add column reference text
    constraint watches_reference_shape check (
      length(reference) <= 40 and reference ~ '^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$'
    ),
  -- The year it was made; "circa" gives a decade (1970 for the 1970s). Never a year to come.
  add column production_year smallint
    constraint watches_production_year_range check (
      production_year >= 1800 and production_year <= extract(year from current_date)
    ),
  add column production_year_circa boolean not null default false,
  -- The date on the warranty card, when it has one: not in the future, not before the year made.
  add column warranty_date date
    constraint watches_warranty_date_past check (warranty_date <= current_date),
  add column condition text
    constraint watches_condition_grade check (condition in ('unworn', 'excellent', 'very-good', 'good', 'fair')),
  add column box_papers text
    constraint watches_box_papers_kind check (box_papers in ('both', 'box', 'papers', 'neither')),
  add column serviced_on date
    constraint watches_serviced_on_past check (serviced_on <= current_date),
  add column serviced_by text
    constraint watches_serviced_by_kind check (serviced_by in ('manufacturer', 'independent')),
  -- The case's width across, without the crown; a rectangular case gives its width.
  add column case_diameter_mm numeric(4, 1)
    constraint watches_case_diameter_range check (case_diameter_mm between 20 and 60),
  add column case_material text
    constraint watches_case_material_kind check (case_material in (
      'steel', 'titanium', 'ceramic', 'bronze', 'carbon', 'yellow-gold', 'rose-gold', 'white-gold',
      'steel-gold', 'platinum'
    )),
  add column movement_type text
    constraint watches_movement_type_kind check (movement_type in ('automatic', 'manual', 'quartz')),
  add constraint watches_circa_is_a_decade check (
    not production_year_circa or (production_year is not null and production_year % 10 = 0)
  ),
  add constraint watches_warranty_after_production check (
    warranty_date is null or production_year is null or extract(year from warranty_date) >= production_year
  ),
  add constraint watches_service_date_and_by check ((serviced_on is null) = (serviced_by is null));

-- A reference as it is compared: upper case, without the separators makers and buyers write
-- differently (126610 LN, 126610-LN and 126610ln are one reference).
create function public.reference_key(p_reference text)
returns text
language sql immutable strict parallel safe
as $$
  select upper(regexp_replace(p_reference, '[[:space:]./-]+', '', 'g'))
$$;

-- Exact and prefix matches on that key, read from the index at any catalogue size.
create index watches_reference_key_idx on public.watches (public.reference_key(reference) text_pattern_ops);

-- The demo's specs already say some of this in words: move what they say into the columns. A
-- reference or a size the checks would refuse stays in the specs, as it was; the movement's and
-- the case's words stay too, because they say more than the type (the calibre, the finish).
update public.watches w set
  reference = moved.reference,
  case_diameter_mm = moved.diameter,
  movement_type = moved.movement_type,
  case_material = moved.case_material,
  specs = w.specs
    - case when moved.reference is null then '' else 'reference' end
    - case when moved.diameter is null then '' else 'diameter' end
from (
  select
    id,
    case when btrim(specs ->> 'reference') ~ '^[A-Za-z0-9]([A-Za-z0-9 ./-]*[A-Za-z0-9])?$'
      and length(btrim(specs ->> 'reference')) <= 40 then btrim(specs ->> 'reference') end as reference,
    (
      select size from (select substring(specs ->> 'diameter' from '^\s*([0-9]{2}(\.[0-9])?)\s*(x|mm)')::numeric as size) parsed
      where size between 20 and 60
    ) as diameter,
    case
      when lower(specs ->> 'movement') ~ 'quartz' then 'quartz'
      when lower(specs ->> 'movement') ~ 'hand-wound|manual' then 'manual'
      when lower(specs ->> 'movement') ~ 'automatic|self-winding|selfwinding' then 'automatic'
    end as movement_type,
    case
      when lower(specs ->> 'case') ~ 'ceramic' then 'ceramic'
      when lower(specs ->> 'case') ~ 'steel' and lower(specs ->> 'case') ~ 'gold' then 'steel-gold'
      when lower(specs ->> 'case') ~ 'platinum' then 'platinum'
      when lower(specs ->> 'case') ~ 'white gold' then 'white-gold'
      when lower(specs ->> 'case') ~ '(rose|pink|red) gold' then 'rose-gold'
      when lower(specs ->> 'case') ~ 'gold' then 'yellow-gold'
      when lower(specs ->> 'case') ~ 'titanium' then 'titanium'
      when lower(specs ->> 'case') ~ 'bronze' then 'bronze'
      when lower(specs ->> 'case') ~ 'carbon' then 'carbon'
      when lower(specs ->> 'case') ~ 'steel' then 'steel'
    end as case_material
  from public.watches
) moved
where moved.id = w.id
  and (moved.reference, moved.diameter, moved.movement_type, moved.case_material) is distinct from (null, null, null, null);
