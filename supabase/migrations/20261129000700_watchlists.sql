-- Issue 52: watchlists, saved searches and alerts (docs/watchlist.md). A watcher is an e-mail
-- address, confirmed from the e-mail (double opt-in) or known from a signed-in wallet's orders; it
-- watches pieces and saved searches, each kept with the signed-in wallet that asked for it, which
-- alone sees and removes it under My Orders (an address's other items are none of its business). The worker compares each watched piece with what it last saw
-- and writes an alert row when the piece came back or got cheaper, and one per new watch matching a
-- saved search; the (watcher, kind, event) key makes one alert per event per watcher however many
-- instances look. The alerts leave through their own outbox, claimed and leased like the order
-- events, a few a day per watcher and the rest in one digest.

create table public.watchers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 254 and position('@' in email) > 1),
  created_at timestamptz not null default clock_timestamp(),
  confirmed_at timestamptz,
  -- At most one confirmation e-mail a day: the form cannot be used to mail a stranger more.
  confirmation_sent_at timestamptz
);

create unique index watchers_email_key on public.watchers (lower(email));
create index watchers_unconfirmed_idx on public.watchers (created_at) where confirmed_at is null;

create table public.watched_pieces (
  id uuid primary key default gen_random_uuid(),
  watcher_id uuid not null references public.watchers (id) on delete cascade,
  watch_id uuid not null references public.watches (id) on delete cascade,
  -- The signed-in wallet that asked for it: its Watchlist under My Orders.
  wallet text check (wallet ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  -- The watcher's own limit: told when the price reaches it, even by less than the 5 % step.
  below_sol numeric(18, 9) check (below_sol > 0),
  confirmed_at timestamptz,
  -- What the watcher last saw or was told: the alerts are the differences from it.
  seen_available boolean not null,
  seen_price_sol numeric(18, 9) not null,
  alerts integer not null default 0 check (alerts >= 0),
  created_at timestamptz not null default clock_timestamp(),
  unique (watcher_id, watch_id)
);

create index watched_pieces_watch_idx on public.watched_pieces (watch_id);
create index watched_pieces_wallet_idx on public.watched_pieces (wallet) where wallet is not null;
create index watched_pieces_confirmed_idx on public.watched_pieces (watch_id) where confirmed_at is not null;

create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  watcher_id uuid not null references public.watchers (id) on delete cascade,
  wallet text check (wallet ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  -- The listing's address as the shop writes it (lib/catalog/listing-url.ts), and its words.
  path text not null check (length(path) between 1 and 2000 and left(path, 1) = '/'),
  label text not null check (length(label) between 1 and 300),
  listing text not null check (listing in ('all', 'crypto')),
  query text not null default '' check (length(query) <= 100),
  brand text check (length(brand) <= 200),
  facets jsonb not null default '{}' check (jsonb_typeof(facets) = 'object'),
  -- Watches created after this are new to it.
  confirmed_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  unique (watcher_id, path)
);

create index saved_searches_wallet_idx on public.saved_searches (wallet) where wallet is not null;
create index saved_searches_confirmed_idx on public.saved_searches (confirmed_at) where confirmed_at is not null;

-- Every watch added, written by the statement that adds it and taken by the worker once: each is
-- compared with the saved searches one time, however many instances look, and a write still in
-- flight is seen when it commits, never missed by a clock.
create table public.new_watches (
  watch_id uuid primary key references public.watches (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp()
);

create function public.record_new_watch()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into public.new_watches (watch_id) values (new.id) on conflict do nothing;
  return null;
end
$$;

create trigger watches_record_new
after insert on public.watches
for each row execute function public.record_new_watch();

create table public.watch_alerts (
  -- The e-mail's Message-ID: the same on every retry.
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  watcher_id uuid not null references public.watchers (id) on delete cascade,
  kind text not null check (kind in ('confirm', 'back_in_stock', 'price_drop', 'new_match')),
  event_key text not null check (length(event_key) <= 200),
  -- What happened, as it was then: a retry tells that moment.
  snapshot jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  -- Past the watcher's alerts of the day: sent with the others in one digest, when it is due.
  digest boolean not null default false,
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default clock_timestamp(),
  lease_owner text check (length(lease_owner) <= 200),
  lease_until timestamptz,
  last_status integer,
  last_error text check (length(last_error) <= 500),
  delivered_at timestamptz,
  unique (watcher_id, kind, event_key)
);

create index watch_alerts_due_idx on public.watch_alerts (next_attempt_at) where state = 'pending';
create index watch_alerts_sent_idx on public.watch_alerts (watcher_id, delivered_at) where state = 'delivered';

alter table public.watchers enable row level security;
alter table public.watched_pieces enable row level security;
alter table public.saved_searches enable row level security;
alter table public.watch_alerts enable row level security;
revoke all on public.watchers, public.watched_pieces, public.saved_searches, public.watch_alerts from public, anon, authenticated;
grant select, insert, update, delete on public.watchers, public.watched_pieces, public.saved_searches, public.watch_alerts to service_role;

-- The watcher of an address: made on first use, and confirmed when p_confirmed (a signed-in
-- wallet's own purchases or confirmed alerts gave the address).
create function public.watcher_for(p_email text, p_confirmed boolean)
returns uuid
language sql volatile security invoker
set search_path = ''
as $$
  insert into public.watchers (email, confirmed_at)
  values (btrim(p_email), case when p_confirmed then clock_timestamp() end)
  on conflict ((lower(email))) do update
    set confirmed_at = coalesce(public.watchers.confirmed_at, excluded.confirmed_at)
  returning id
$$;

-- An item that waits for the address's confirmation: the confirmation e-mail is queued, telling
-- what was asked for, unless the address had one in the last day (the form cannot be used to mail
-- a stranger more); that e-mail's link turns on every item waiting then.
create function public.ask_confirmation(p_watcher_id uuid, p_asked jsonb)
returns void
language sql volatile security invoker
set search_path = ''
as $$
  with asked as (
    update public.watchers set confirmation_sent_at = clock_timestamp()
    where id = p_watcher_id
      and (confirmation_sent_at is null or confirmation_sent_at < clock_timestamp() - interval '1 day')
    returning id, confirmation_sent_at
  )
  insert into public.watch_alerts (watcher_id, kind, event_key, snapshot)
  select id, 'confirm', 'confirm:' || extract(epoch from confirmation_sent_at)::text, p_asked from asked
$$;

-- Whether an item asked for now is on at once: the address is the signed-in wallet's own (its
-- purchases gave it: p_confirmed), or the address already confirmed an item this wallet asked for.
-- Anything else, a stranger typing a confirmed address included, waits for that address's own
-- confirmation.
create function public.wallet_vouched(p_watcher_id uuid, p_wallet text, p_confirmed boolean)
returns boolean
language sql stable
set search_path = ''
as $$
  select p_confirmed or (p_wallet is not null and (
    exists (select 1 from public.watched_pieces where watcher_id = p_watcher_id and wallet = p_wallet and confirmed_at is not null)
    or exists (select 1 from public.saved_searches where watcher_id = p_watcher_id and wallet = p_wallet and confirmed_at is not null)
  ))
$$;

-- "Notify me" on a watch page: 'unknown_watch', 'watching' or 'confirm', and whether a piece is
-- free now (the watcher is told of its return if not, of a price drop if so).
create function public.watch_piece(p_email text, p_wallet text, p_confirmed boolean, p_watch_id uuid, p_below_sol numeric)
returns table (outcome text, available boolean)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_watch public.watches;
  v_watcher uuid;
  v_on boolean;
  v_free boolean;
begin
  select * into v_watch from public.watches where id = p_watch_id;
  if not found then
    return query select 'unknown_watch'::text, null::boolean;
    return;
  end if;
  v_watcher := public.watcher_for(p_email, p_confirmed);
  v_on := public.wallet_vouched(v_watcher, p_wallet, p_confirmed);
  if not v_on then
    perform public.ask_confirmation(v_watcher,
      jsonb_build_object('kind', 'piece', 'watchId', v_watch.id, 'brand', v_watch.brand, 'model', v_watch.model));
  end if;
  v_free := public.free_pieces(v_watch.id, null) > 0;
  -- Asked again for a piece the address already watches: only a request vouched for changes it (its
  -- limit, and the wallet it shows under), so a stranger can neither rewrite nor see it.
  insert into public.watched_pieces (watcher_id, watch_id, wallet, below_sol, confirmed_at, seen_available, seen_price_sol)
  values (v_watcher, v_watch.id, p_wallet, p_below_sol, case when v_on then clock_timestamp() end, v_free, v_watch.price_sol)
  on conflict (watcher_id, watch_id) do update
    set below_sol = case when v_on then excluded.below_sol else public.watched_pieces.below_sol end,
        wallet = case when v_on then coalesce(public.watched_pieces.wallet, excluded.wallet) else public.watched_pieces.wallet end,
        confirmed_at = coalesce(public.watched_pieces.confirmed_at, excluded.confirmed_at);
  return query select (case when v_on then 'watching' else 'confirm' end)::text, v_free;
end
$$;

-- "Save this search" on a listing: the same, for a listing's filters.
create function public.save_search(
  p_email text, p_wallet text, p_confirmed boolean,
  p_path text, p_label text, p_listing text, p_query text, p_brand text, p_facets jsonb
)
returns table (outcome text)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_watcher uuid;
  v_on boolean;
begin
  v_watcher := public.watcher_for(p_email, p_confirmed);
  v_on := public.wallet_vouched(v_watcher, p_wallet, p_confirmed);
  if not v_on then
    perform public.ask_confirmation(v_watcher, jsonb_build_object('kind', 'search', 'path', p_path, 'label', p_label));
  end if;
  insert into public.saved_searches (watcher_id, wallet, path, label, listing, query, brand, facets, confirmed_at)
  values (v_watcher, p_wallet, p_path, p_label, p_listing, p_query, nullif(p_brand, ''), p_facets, case when v_on then clock_timestamp() end)
  on conflict (watcher_id, path) do update
    set wallet = case when v_on then coalesce(public.saved_searches.wallet, excluded.wallet) else public.saved_searches.wallet end,
        confirmed_at = coalesce(public.saved_searches.confirmed_at, excluded.confirmed_at);
  return query select (case when v_on then 'watching' else 'confirm' end)::text;
end
$$;

-- Where a signed-in wallet is told without typing an address: the address that last confirmed an
-- item this wallet asked for, else the one its latest purchase was sent to. Null when neither.
create function public.wallet_alert_address(p_wallet text)
returns table (email text)
language sql stable security invoker
set search_path = ''
as $$
  select coalesce(
    (select a.email
     from (
       select watcher_id, confirmed_at from public.watched_pieces where wallet = p_wallet and confirmed_at is not null
       union all
       select watcher_id, confirmed_at from public.saved_searches where wallet = p_wallet and confirmed_at is not null
     ) item
     join public.watchers a on a.id = item.watcher_id
     order by item.confirmed_at desc limit 1),
    (select email from public.orders
     where wallet = p_wallet and status in ('paid', 'shipped', 'delivered', 'partially_refunded', 'refunded')
     order by created_at desc limit 1)
  )
$$;

-- The confirmation link pressed: the address and everything it asked for are on, each compared from
-- now on with what is true now. How many items that turned on; null for an unknown watcher.
create function public.confirm_watcher(p_id uuid)
returns table (confirmed integer)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_pieces integer;
  v_searches integer;
begin
  update public.watchers set confirmed_at = coalesce(confirmed_at, clock_timestamp()) where id = p_id;
  if not found then
    return;
  end if;
  update public.watched_pieces i
  set confirmed_at = clock_timestamp(), seen_available = public.free_pieces(w.id, null) > 0, seen_price_sol = w.price_sol
  from public.watches w
  where i.watcher_id = p_id and i.confirmed_at is null and w.id = i.watch_id;
  get diagnostics v_pieces = row_count;
  update public.saved_searches set confirmed_at = clock_timestamp()
  where watcher_id = p_id and confirmed_at is null;
  get diagnostics v_searches = row_count;
  return query select v_pieces + v_searches;
end
$$;

-- Unsubscribe, one-click or from the page: the address and all it watched and was sent are deleted.
create function public.forget_watcher(p_id uuid)
returns table (forgotten boolean)
language sql volatile security invoker
set search_path = ''
as $$
  with gone as (delete from public.watchers where id = p_id returning 1)
  select exists (select 1 from gone)
$$;

-- My Orders' Remove: a piece or a saved search this wallet asked for.
create function public.remove_watched(p_wallet text, p_id uuid)
returns table (removed boolean)
language sql volatile security invoker
set search_path = ''
as $$
  with pieces as (
    delete from public.watched_pieces where id = p_id and wallet = p_wallet returning 1
  ), searches as (
    delete from public.saved_searches where id = p_id and wallet = p_wallet returning 1
  )
  select exists (select 1 from pieces) or exists (select 1 from searches)
$$;

-- What a set of watchers watches (of it, what p_wallet asked for, unless null), as My Orders and
-- the unsubscribe page show it.
create function public.watchlist_json(p_watchers uuid[], p_wallet text)
returns jsonb
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'pieces', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', i.id, 'watchId', w.id, 'brand', w.brand, 'model', w.model,
        'available', public.free_pieces(w.id, null) > 0, 'priceSol', w.price_sol::text,
        'below', i.below_sol::text, 'confirmed', i.confirmed_at is not null, 'createdAt', i.created_at
      ) order by i.created_at desc)
      from public.watched_pieces i join public.watches w on w.id = i.watch_id
      where i.watcher_id = any (p_watchers) and (p_wallet is null or i.wallet = p_wallet)
    ), '[]'::jsonb),
    'searches', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', s.id, 'path', s.path, 'label', s.label, 'confirmed', s.confirmed_at is not null, 'createdAt', s.created_at
      ) order by s.created_at desc)
      from public.saved_searches s
      where s.watcher_id = any (p_watchers) and (p_wallet is null or s.wallet = p_wallet)
    ), '[]'::jsonb)
  )
$$;

create function public.watchlist_of_wallet(p_wallet text)
returns table (watchlist jsonb)
language sql stable security invoker
set search_path = ''
as $$
  with asked as (
    select watcher_id, confirmed_at, created_at from public.watched_pieces where wallet = p_wallet
    union all
    select watcher_id, confirmed_at, created_at from public.saved_searches where wallet = p_wallet
  )
  select jsonb_build_object('email', (
    select a.email from asked join public.watchers a on a.id = asked.watcher_id
    order by asked.confirmed_at desc nulls last, asked.created_at desc limit 1
  )) || public.watchlist_json(array(select distinct watcher_id from asked), p_wallet)
$$;

create function public.watchlist_of_watcher(p_id uuid)
returns table (watchlist jsonb)
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object('email', a.email) || public.watchlist_json(array[a.id], null)
  from public.watchers a
  where a.id = p_id
$$;

-- One look of the worker: forgets what was never confirmed within 48 hours, then writes an alert
-- for every watched piece that came back (a piece free again: stock added, a hold expired, a
-- payment dropped) or got cheaper by p_drop or more (or reached its watcher's own limit) while it
-- can be bought, and for every new watch a saved search matches. A changed piece row is locked
-- (skip locked: two instances share the work) and moves its "seen" state in the statement that
-- writes its alert. How many alerts were written.
create function public.queue_watch_alerts(p_drop numeric)
returns table (queued integer)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_alerts integer := 0;
  v_found integer;
  v_search public.saved_searches;
  v_filters text;
  v_new uuid[];
  v_query text;
  v_matches text;
begin
  delete from public.watchers where confirmed_at is null and created_at < clock_timestamp() - interval '48 hours';
  delete from public.watched_pieces where confirmed_at is null and created_at < clock_timestamp() - interval '48 hours';
  delete from public.saved_searches where confirmed_at is null and created_at < clock_timestamp() - interval '48 hours';

  -- Rows are locked only once a plain read found them changed: an unchanged piece, the common case
  -- on every pass, costs a join and no write.
  with holds as (
    select o.watch_id, count(*)::integer as held
    from public.orders o
    where o.status = 'pending'
    group by o.watch_id
  ), now_seen as (
    select i.id, w.stock - coalesce(h.held, 0) > 0 as available_now, w.price_sol
    from public.watched_pieces i
    join public.watches w on w.id = i.watch_id
    left join holds h on h.watch_id = w.id
    where i.confirmed_at is not null
  ), looked as (
    select i.id, i.watcher_id, i.seen_available, i.seen_price_sol, i.below_sol, i.alerts,
      w.id as watch_id, w.brand, w.model, w.price_sol, w.price_eur, n.available_now
    from now_seen n
    join public.watched_pieces i on i.id = n.id
    join public.watches w on w.id = i.watch_id
    where n.available_now <> i.seen_available or n.price_sol <> i.seen_price_sol
    for update of i skip locked
  ), changed as (
    select l.*,
      l.available_now and not l.seen_available as came_back,
      l.available_now and l.seen_available and l.price_sol < l.seen_price_sol
        and (l.price_sol <= l.seen_price_sol * (1 - p_drop) or (l.below_sol is not null and l.price_sol <= l.below_sol)) as got_cheaper
    from looked l
    where l.available_now <> l.seen_available or l.price_sol <> l.seen_price_sol
  ), written as (
    insert into public.watch_alerts (watcher_id, kind, event_key, snapshot)
    select c.watcher_id,
      case when c.came_back then 'back_in_stock' else 'price_drop' end,
      c.id::text || ':' || (c.alerts + 1)::text,
      jsonb_build_object('watchId', c.watch_id, 'brand', c.brand, 'model', c.model,
        'priceSol', c.price_sol::text, 'priceEur', c.price_eur::text, 'wasSol', c.seen_price_sol::text, 'below', c.below_sol::text)
    from changed c
    where c.came_back or c.got_cheaper
    on conflict (watcher_id, kind, event_key) do nothing
    returning 1
  ), moved as (
    -- Run whether or not its rows are read, as every data-modifying WITH is.
    update public.watched_pieces i
    set seen_available = c.available_now,
        -- The price last told, or a higher one: a rise moves the bar up, a small cut does not move it.
        seen_price_sol = case when c.came_back or c.got_cheaper or c.price_sol > c.seen_price_sol then c.price_sol else i.seen_price_sol end,
        alerts = i.alerts + case when c.came_back or c.got_cheaper then 1 else 0 end
    from changed c
    where i.id = c.id
  )
  select count(*)::integer from written into v_alerts;

  -- A batch of the watches added, taken (deleted) under skip locked: an instance compares each
  -- with the saved searches once. A watch counts for a search from the instant it was confirmed,
  -- that instant included: the embedded database's clock reads milliseconds, and a watch added in
  -- the millisecond of the confirmation is new to the collector too. Each search's filters run over the batch alone: read by id
  -- first (OFFSET 0 keeps the planner from starting at a search's text index instead, which
  -- costs with the catalogue's size).
  with batch as (
    delete from public.new_watches
    where watch_id in (select watch_id from public.new_watches order by created_at limit 200 for update skip locked)
    returning watch_id
  )
  select coalesce(array_agg(watch_id), '{}') into v_new from batch;
  if cardinality(v_new) > 0 then
    -- In order of their words: a search's words are read against the catalogue's vocabulary
    -- (search_sql), once for all the searches that share them.
    for v_search in select * from public.saved_searches s where s.confirmed_at is not null order by s.query loop
      if v_query is distinct from v_search.query then
        v_query := v_search.query;
        v_matches := (select matches from public.search_sql(v_query));
      end if;
      v_filters := public.listing_base_sql(v_matches, v_search.listing, v_search.brand) || ' and ' || public.facet_filters_sql(v_search.facets);
      execute format(
        'insert into public.watch_alerts (watcher_id, kind, event_key, snapshot)
         select %L, ''new_match'', %L || '':'' || w.id::text,
           jsonb_build_object(''watchId'', w.id, ''brand'', w.brand, ''model'', w.model, ''priceSol'', w.price_sol::text,
             ''priceEur'', w.price_eur::text, ''label'', %L, ''path'', %L)
         from (select * from public.watches where id = any (%L::uuid[]) offset 0) w
         where w.stock > 0 and w.created_at >= %L and %s
         on conflict (watcher_id, kind, event_key) do nothing',
        v_search.watcher_id, v_search.id, v_search.label, v_search.path, v_new, v_search.confirmed_at, v_filters
      );
      get diagnostics v_found = row_count;
      v_alerts := v_alerts + v_found;
    end loop;
  end if;
  return query select v_alerts;
end
$$;

-- Claims the due alerts of up to p_limit watchers for p_owner, under each watcher's row lock (so
-- two instances never count one watcher's day at once). A watcher is sent at most p_per_day alerts
-- a day one by one (confirmations aside); the others wait, marked digest, until a day after the
-- first of those, and are then claimed together: the sender makes one e-mail of them.
create function public.claim_watch_alerts(p_owner text, p_limit integer, p_lease_seconds integer, p_per_day integer)
returns table (alert jsonb)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_watcher uuid;
  v_email text;
  v_sent integer;
  v_first timestamptz;
  v_now timestamptz := clock_timestamp();
begin
  for v_watcher in
    select distinct due.watcher_id from (
      select watcher_id from public.watch_alerts
      where state = 'pending' and next_attempt_at <= v_now and (lease_until is null or lease_until < v_now)
      order by next_attempt_at, seq
      limit least(greatest(p_limit, 0), 100)
    ) due
  loop
    select email into v_email from public.watchers where id = v_watcher for update skip locked;
    continue when not found;
    -- Alert e-mails of the last day, a digest counted once, and those in flight.
    select count(distinct case when digest then 'digest ' || coalesce(delivered_at::text, 'in flight') else id::text end),
      min(coalesce(delivered_at, v_now))
    into v_sent, v_first
    from public.watch_alerts
    where watcher_id = v_watcher and kind <> 'confirm'
      and ((state = 'delivered' and delivered_at > v_now - interval '1 day') or (state = 'pending' and lease_until >= v_now));
    update public.watch_alerts set digest = true, next_attempt_at = coalesce(v_first, v_now) + interval '1 day'
    where id in (
      select id from public.watch_alerts
      where watcher_id = v_watcher and state = 'pending' and not digest and kind <> 'confirm'
        and next_attempt_at <= v_now and (lease_until is null or lease_until < v_now)
      order by seq
      offset greatest(p_per_day - v_sent, 0)
    );
    return query
      with claimed as (
        update public.watch_alerts
        set lease_owner = p_owner, lease_until = v_now + make_interval(secs => p_lease_seconds), attempts = attempts + 1
        where watcher_id = v_watcher and state = 'pending' and next_attempt_at <= v_now and (lease_until is null or lease_until < v_now)
        returning *
      )
      select to_jsonb(c) || jsonb_build_object('email', v_email) from claimed c;
  end loop;
end
$$;

-- One attempt's outcome for the alerts of one e-mail (one, or a digest's), kept only if p_owner
-- still holds their lease.
create function public.finish_watch_alerts(
  p_ids uuid[], p_owner text, p_outcome text, p_status integer, p_error text, p_retry_seconds integer
)
returns table (finished integer)
language plpgsql volatile security invoker
set search_path = ''
as $$
declare
  v_count integer;
begin
  update public.watch_alerts
  set state = case p_outcome when 'delivered' then 'delivered' when 'failed' then 'failed' else 'pending' end,
      delivered_at = case when p_outcome = 'delivered' then clock_timestamp() end,
      next_attempt_at = case when p_outcome = 'retry'
        then clock_timestamp() + make_interval(secs => greatest(p_retry_seconds, 0)) else next_attempt_at end,
      last_status = p_status,
      last_error = left(p_error, 500),
      lease_owner = null,
      lease_until = null
  where id = any (p_ids) and lease_owner = p_owner and state = 'pending' and p_outcome in ('delivered', 'failed', 'retry');
  get diagnostics v_count = row_count;
  return query select v_count;
end
$$;

-- The admin's counts: confirmed watchers of each piece and of each brand (a person watching two
-- pieces of a brand counts once for it). Counts only, never an address.
create function public.watcher_counts()
returns table (counts jsonb)
language sql stable security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'pieces', coalesce((
      select jsonb_agg(jsonb_build_object('watchId', t.watch_id, 'brand', t.brand, 'model', t.model, 'watchers', t.watchers)
        order by t.watchers desc, t.brand, t.model)
      from (
        select w.id as watch_id, w.brand, w.model, count(distinct i.watcher_id) as watchers
        from public.watched_pieces i join public.watches w on w.id = i.watch_id
        where i.confirmed_at is not null
        group by w.id
      ) t
    ), '[]'::jsonb),
    'brands', coalesce((
      select jsonb_agg(jsonb_build_object('brand', t.brand, 'watchers', t.watchers) order by t.watchers desc, t.brand)
      from (
        select w.brand, count(distinct i.watcher_id) as watchers
        from public.watched_pieces i join public.watches w on w.id = i.watch_id
        where i.confirmed_at is not null
        group by w.brand
      ) t
    ), '[]'::jsonb)
  )
$$;

revoke execute on function public.watcher_for(text, boolean) from public, anon, authenticated;
revoke execute on function public.ask_confirmation(uuid, jsonb) from public, anon, authenticated;
revoke execute on function public.wallet_vouched(uuid, text, boolean) from public, anon, authenticated;
revoke execute on function public.watch_piece(text, text, boolean, uuid, numeric) from public, anon, authenticated;
revoke execute on function public.save_search(text, text, boolean, text, text, text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.wallet_alert_address(text) from public, anon, authenticated;
revoke execute on function public.confirm_watcher(uuid) from public, anon, authenticated;
revoke execute on function public.forget_watcher(uuid) from public, anon, authenticated;
revoke execute on function public.remove_watched(text, uuid) from public, anon, authenticated;
revoke execute on function public.watchlist_json(uuid[], text) from public, anon, authenticated;
revoke execute on function public.watchlist_of_wallet(text) from public, anon, authenticated;
revoke execute on function public.watchlist_of_watcher(uuid) from public, anon, authenticated;
revoke execute on function public.queue_watch_alerts(numeric) from public, anon, authenticated;
revoke execute on function public.claim_watch_alerts(text, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.finish_watch_alerts(uuid[], text, text, integer, text, integer) from public, anon, authenticated;
revoke execute on function public.watcher_counts() from public, anon, authenticated;
grant execute on function public.watcher_for(text, boolean) to service_role;
grant execute on function public.ask_confirmation(uuid, jsonb) to service_role;
grant execute on function public.wallet_vouched(uuid, text, boolean) to service_role;
grant execute on function public.watch_piece(text, text, boolean, uuid, numeric) to service_role;
grant execute on function public.save_search(text, text, boolean, text, text, text, text, text, jsonb) to service_role;
grant execute on function public.wallet_alert_address(text) to service_role;
grant execute on function public.confirm_watcher(uuid) to service_role;
grant execute on function public.forget_watcher(uuid) to service_role;
grant execute on function public.remove_watched(text, uuid) to service_role;
grant execute on function public.watchlist_json(uuid[], text) to service_role;
grant execute on function public.watchlist_of_wallet(text) to service_role;
grant execute on function public.watchlist_of_watcher(uuid) to service_role;
grant execute on function public.queue_watch_alerts(numeric) to service_role;
grant execute on function public.claim_watch_alerts(text, integer, integer, integer) to service_role;
grant execute on function public.finish_watch_alerts(uuid[], text, text, integer, text, integer) to service_role;
grant execute on function public.watcher_counts() to service_role;

alter table public.new_watches enable row level security;
revoke all on public.new_watches from public, anon, authenticated;
grant select, insert, update, delete on public.new_watches to service_role;
