-- Issue 47 (2): a price cut is measured against the watch's highest price of the last 7 days, and
-- no price goes below the owner's floor, unless the member gave their second factor in the last
-- minutes. The history the rule reads is written by the database, in the change's own transaction,
-- and never rewritten; issue 50 shows it on the watch's page.

-- Every price a watch has had, SOL and EUR, from the moment it was set.
create table public.watch_prices (
  id bigint generated always as identity primary key,
  -- No foreign key: the history outlives a deleted watch, as the audit trail does (a cascade would
  -- be a delete, which the table refuses).
  watch_id uuid not null,
  price_sol numeric(18, 9) not null,
  price_eur numeric(14, 2) not null,
  at timestamptz not null default clock_timestamp()
);

-- "The highest price of watch X since T" and "watch X's history, newest first", read from the
-- index alone.
create index watch_prices_watch_at_idx on public.watch_prices (watch_id, at desc) include (price_sol, price_eur);

alter table public.watch_prices enable row level security;
revoke all on public.watch_prices from public, anon, authenticated, service_role;
-- The application reads the history; only the database's trigger (below) writes it.
grant select on public.watch_prices to service_role;

-- Refused for every role, the table's owner included, as for the audit trail.
create function public.watch_prices_are_append_only()
returns trigger
language plpgsql
as $$
begin
  raise exception 'The price history is append-only: its rows cannot be changed or removed'
    using errcode = 'insufficient_privilege';
end
$$;

create trigger watch_prices_append_only before update or delete on public.watch_prices
  for each statement execute function public.watch_prices_are_append_only();
create trigger watch_prices_no_truncate before truncate on public.watch_prices
  for each statement execute function public.watch_prices_are_append_only();

-- A watch's new prices, in the transaction that set them. Security definer: the application may
-- not write the history itself, so it cannot write a made-up one.
create function public.record_watch_price()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.watch_prices (watch_id, price_sol, price_eur) values (new.id, new.price_sol, new.price_eur);
  return null;
end
$$;

create trigger watches_price_history_insert after insert on public.watches
  for each row execute function public.record_watch_price();
create trigger watches_price_history_update after update of price_sol, price_eur on public.watches
  for each row when (old.price_sol is distinct from new.price_sol or old.price_eur is distinct from new.price_eur)
  execute function public.record_watch_price();

-- The watches of today, at the prices they have now: the history starts here for them.
insert into public.watch_prices (watch_id, price_sol, price_eur)
select id, price_sol, price_eur from public.watches order by created_at, id;

-- The highest price of a watch at any moment since p_since, each currency on its own: the prices
-- set since, and the one already in force then (the last set before), which may be the only one.
create function public.watch_price_high(p_watch_id uuid, p_since timestamptz)
returns table (price_sol numeric, price_eur numeric)
language sql stable security invoker
as $$
  select max(p.price_sol), max(p.price_eur)
  from (
    (select price_sol, price_eur from public.watch_prices where watch_id = p_watch_id and at >= p_since)
    union all
    (select price_sol, price_eur from public.watch_prices where watch_id = p_watch_id and at < p_since order by at desc limit 1)
  ) p
$$;

-- The owner's floor: a price set below it, in either currency, needs the second factor. One row.
create table public.price_floor (
  id text primary key default 'shop' check (id = 'shop'),
  price_sol numeric(18, 9) not null check (price_sol >= 0),
  price_eur numeric(14, 2) not null check (price_eur >= 0)
);

-- 500 EUR: below the cheapest piece a luxury shop lists (the generated catalogue's lowest price, a
-- quarter of the demo's cheapest), so no honest listing meets it. 2 SOL: 500 EUR at 250 EUR per
-- SOL, more than SOL has traded at, so the SOL floor never stops a price the EUR floor lets by.
insert into public.price_floor (price_sol, price_eur) values (2, 500);

alter table public.price_floor enable row level security;
revoke all on public.price_floor from public, anon, authenticated, service_role;
grant select, update on public.price_floor to service_role;

create trigger price_floor_audit after update on public.price_floor
  for each row execute function public.audit_row_change('price_floor', 'settings', 'id');

create function public.current_price_floor()
returns setof public.price_floor
language sql stable security invoker
as $$
  select * from public.price_floor
$$;

create function public.set_price_floor(p_price_sol numeric, p_price_eur numeric)
returns setof public.price_floor
language sql volatile security invoker
as $$
  update public.price_floor set price_sol = p_price_sol, price_eur = p_price_eur returning *
$$;

-- The rule itself, before the row is written: it runs under the watch's row lock, so the history
-- it reads already holds every change committed before this one, and two edits at once cannot
-- both measure against a stale price. A write outside an admin request (the seed, the generator)
-- sets no member's price; a member whose second factor is recent (`steppedUp` in the actor, set by
-- the server from the session, lib/admin/route.ts) may set any. Only a price that changes is
-- checked: editing the description of a watch already under the floor needs nothing, and a price
-- put back up is never a cut.
create function public.guard_watch_price()
returns trigger
language plpgsql volatile security invoker
as $$
declare
  actor jsonb := public.audit_actor();
  floor_now public.price_floor;
  high_sol numeric;
  high_eur numeric;
  sol_set boolean := tg_op = 'INSERT' or new.price_sol <> old.price_sol;
  eur_set boolean := tg_op = 'INSERT' or new.price_eur <> old.price_eur;
begin
  if actor is null or coalesce((actor ->> 'steppedUp')::boolean, false) or not (sol_set or eur_set) then
    return new;
  end if;
  select * into floor_now from public.price_floor;
  if (sol_set and new.price_sol < floor_now.price_sol) or (eur_set and new.price_eur < floor_now.price_eur) then
    raise exception 'A price below the shop''s floor needs the second factor given in the last minutes'
      using errcode = 'OX403';
  end if;
  if tg_op = 'UPDATE' then
    select h.price_sol, h.price_eur into high_sol, high_eur
    from public.watch_price_high(old.id, now() - interval '7 days') h;
    if (new.price_sol < old.price_sol and new.price_sol < greatest(old.price_sol, high_sol) / 2)
       or (new.price_eur < old.price_eur and new.price_eur < greatest(old.price_eur, high_eur) / 2) then
      raise exception 'A price under half the watch''s highest of the last 7 days needs the second factor given in the last minutes'
        using errcode = 'OX403';
    end if;
  end if;
  return new;
end
$$;

create trigger watches_price_guard before insert or update of price_sol, price_eur on public.watches
  for each row execute function public.guard_watch_price();

revoke execute on function public.watch_price_high(uuid, timestamptz) from public, anon, authenticated;
revoke execute on function public.current_price_floor() from public, anon, authenticated;
revoke execute on function public.set_price_floor(numeric, numeric) from public, anon, authenticated;
grant execute on function public.watch_price_high(uuid, timestamptz) to service_role;
grant execute on function public.current_price_floor() to service_role;
grant execute on function public.set_price_floor(numeric, numeric) to service_role;
