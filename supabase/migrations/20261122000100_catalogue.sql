-- The watch catalogue (SPEC §3) and the orders placed in the shop (DESIGN: Data).
-- The queries both stores share live here as functions, so the embedded store and the
-- Supabase store cannot drift apart.

create table public.watches (
  id uuid primary key default gen_random_uuid(),
  brand text not null check (length(btrim(brand)) > 0),
  model text not null check (length(btrim(model)) > 0),
  description text not null check (length(btrim(description)) > 0),
  image_urls text[] not null
    constraint watches_image_required check (cardinality(image_urls) >= 1)
    -- Absolute http(s) URLs, or root-relative paths to the shop's own images; never javascript:,
    -- data: or protocol-relative URLs.
    constraint watches_image_urls_http check (array_to_string(image_urls, ' ') ~ '^((https?://[^ ]+|/[^/ ][^ ]*)( |$))+$'),
  price_eur numeric(14, 2) not null constraint watches_price_eur_not_negative check (price_eur >= 0),
  price_sol numeric(18, 9) not null constraint watches_price_sol_not_negative check (price_sol >= 0),
  specs jsonb not null default '{}'::jsonb check (jsonb_typeof(specs) = 'object'),
  features text[] not null default '{}',
  featured boolean not null default false,
  available boolean not null default true,
  created_at timestamptz not null default now()
);

create index watches_available_created_idx on public.watches (available, created_at desc);
create index watches_brand_created_idx on public.watches (brand, created_at desc);

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  tx_hash text not null unique check (tx_hash ~ '^[1-9A-HJ-NP-Za-km-z]{43,88}$'),
  wallet text not null check (wallet ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  usd_amount numeric(14, 2) not null check (usd_amount >= 0),
  sol_amount numeric(18, 9) not null check (sol_amount >= 0),
  name text not null check (length(btrim(name)) > 0),
  phone text not null check (length(btrim(phone)) > 0),
  email text not null check (position('@' in email) > 1),
  address text not null check (length(btrim(address)) > 0),
  -- The watch as it was sold: kept even if the catalogue entry is later edited or deleted.
  watch_id uuid references public.watches (id) on delete set null,
  watch_brand text not null,
  watch_model text not null,
  status text not null default 'paid' check (status in ('paid', 'shipped', 'cancelled')),
  created_at timestamptz not null default now()
);

create index orders_created_idx on public.orders (created_at desc);

-- Row-level security: anyone may read the catalogue, only the service role writes it; orders
-- hold names, phones and addresses, so nobody but the service role may see or touch them.
alter table public.watches enable row level security;
alter table public.orders enable row level security;

create policy "watches are public" on public.watches
  for select to anon, authenticated using (true);

revoke all on public.watches from anon, authenticated;
revoke all on public.orders from anon, authenticated;
grant select on public.watches to anon, authenticated;
grant all on public.watches to service_role;
grant all on public.orders to service_role;

-- Shared catalogue queries (SPEC §7). security invoker: they see what the caller may see.

create function public.available_watches()
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches where available order by created_at desc, id
$$;

-- Featured: available and featured, reduced to the newest watch per brand, newest first.
create function public.featured_watches()
returns setof public.watches
language sql stable security invoker
as $$
  select * from (
    select distinct on (brand) *
    from public.watches
    where available and featured
    order by brand, created_at desc, id
  ) newest_per_brand
  order by created_at desc, id
$$;

create function public.brand_watches(p_brand text)
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches where available and brand = p_brand order by created_at desc, id
$$;

-- Every watch, sold out or not, in the admin panel's order.
create function public.catalogue_watches()
returns setof public.watches
language sql stable security invoker
as $$
  select * from public.watches order by brand asc, created_at desc, id
$$;

-- Flips the flag in one statement, so two clicks at once cannot both write the same value.
create function public.toggle_watch_featured(p_id uuid)
returns setof public.watches
language sql volatile security invoker
as $$
  update public.watches set featured = not featured where id = p_id returning *
$$;

revoke execute on function public.toggle_watch_featured(uuid) from public, anon, authenticated;
grant execute on function public.toggle_watch_featured(uuid) to service_role;
