-- Issue 47: nobody can corner the stock. A hold is decided by create_payment_intent alone, in one
-- transaction, under locks taken in one order (the wallet, the client's network, the wallet's open
-- intents, the watch), so two instances asking at once see each other's holds:
--
-- * A hold is never extended by asking again. The wallet's latest intent for the watch carries the
--   end of its hold window (its expires_at; a re-ask copies it). While that window is open a new
--   intent keeps its expiry (a second tab, a reload, a press after the wallet declined still buy,
--   but gain no time); once it has ended (expired or cancelled), the wallet waits p_cooldown_seconds
--   before it holds that watch again ('cooldown', held_until: from when).
-- * Open holds are bounded per client address and per network (IPv4 /24, IPv6 /48), counted among
--   the pending, unexpired intents other than the wallet's own open one (which the new intent
--   replaces). The order keeps only SHA-256 hashes of the address and the network, never the
--   address in clear ('address_bound' / 'network_bound', held_until: when the first counted hold
--   ends).
--
-- Paid intents start no window: a buyer who bought a piece may buy another.

alter table public.orders
  add column client_address_hash text check (client_address_hash ~ '^[0-9a-f]{64}$'),
  add column client_network_hash text check (client_network_hash ~ '^[0-9a-f]{64}$');

-- The bounds count a client's open holds; the window looks up one wallet's intents for one watch.
create index orders_address_holds_idx on public.orders (client_address_hash, expires_at) where status = 'pending';
create index orders_network_holds_idx on public.orders (client_network_hash, expires_at) where status = 'pending';
create index orders_wallet_watch_window_idx on public.orders (wallet, watch_id, expires_at)
  where expires_at is not null and status in ('pending', 'failed', 'expired');

-- Whether a client (its address, or its network: p_column names which hash) holds p_bound pending,
-- unexpired intents besides p_except: when the first of them ends, or null while it holds fewer.
-- The column is one of two names, never text from a request.
create function public.client_bound_reached(p_column text, p_hash text, p_bound integer, p_except uuid[], p_now timestamptz)
returns timestamptz
language plpgsql stable security invoker
as $$
declare
  v_first_end timestamptz;
begin
  if p_column not in ('client_address_hash', 'client_network_hash') then
    raise exception 'client_bound_reached: no client column %', p_column using errcode = '22023';
  end if;
  execute format(
    'select min(held.expires_at) from (
       select o.expires_at from public.orders o
       where o.%I = $1 and o.status = ''pending'' and o.expires_at > $2 and o.id <> all ($3)
       order by o.expires_at limit $4
     ) held having count(*) >= $4',
    p_column
  ) into v_first_end using p_hash, p_now, p_except, p_bound;
  return v_first_end;
end
$$;

drop function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text);

create function public.create_payment_intent(
  p_watch_id uuid,
  p_watch_brand text,
  p_watch_model text,
  p_wallet text,
  p_lamports bigint,
  p_reference text,
  p_expires_at timestamptz,
  p_usd_amount numeric,
  p_sol_amount numeric,
  p_name text,
  p_phone text,
  p_email text,
  p_address text,
  p_currency text,
  p_token_amount bigint,
  p_spl_token text,
  p_client_address_hash text,
  p_client_network_hash text,
  p_holds_per_address integer,
  p_holds_per_network integer,
  p_cooldown_seconds integer
)
returns table (refusal text, held_until timestamptz, placed jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_stock integer;
  v_own uuid[];
  v_now timestamptz;
  v_window_end timestamptz;
  v_expires_at timestamptz := p_expires_at;
  v_first_end timestamptz;
  v_order public.orders;
begin
  if p_wallet is null then
    raise exception 'create_payment_intent: a hold needs the signed-in wallet' using errcode = '22023';
  end if;
  if p_client_address_hash is null or p_client_network_hash is null
     or coalesce(p_holds_per_address, 0) < 1 or coalesce(p_holds_per_network, 0) < 1 or coalesce(p_cooldown_seconds, -1) < 0 then
    raise exception 'create_payment_intent: a hold needs its client and its bounds' using errcode = '22023';
  end if;
  -- One intent of a wallet at a time, and of a network at a time: the network's lock covers each of
  -- its addresses, so the counts below cannot be passed by intents racing from one client. The
  -- wallet's open intents' rows are locked before any watch row, in the order settle_order locks
  -- them (order, then watch), so the two never wait in a circle.
  perform pg_advisory_xact_lock(hashtextextended('orx hold ' || p_wallet, 0));
  perform pg_advisory_xact_lock(hashtextextended('orx hold network ' || p_client_network_hash, 0));
  select coalesce(array_agg(id), '{}') into v_own from (
    select id from public.orders where wallet = p_wallet and status = 'pending' for update
  ) own;
  -- Read after the locks: a wait for them does not make the holds counted below look younger.
  v_now := clock_timestamp();

  select max(o.expires_at) into v_window_end from public.orders o
  where o.wallet = p_wallet and o.watch_id = p_watch_id and o.expires_at is not null
    and o.status in ('pending', 'failed', 'expired');
  if v_window_end > v_now then
    v_expires_at := v_window_end;
  elsif v_window_end + make_interval(secs => p_cooldown_seconds) > v_now then
    return query select 'cooldown'::text, v_window_end + make_interval(secs => p_cooldown_seconds), null::jsonb;
    return;
  end if;

  v_first_end := public.client_bound_reached('client_address_hash', p_client_address_hash, p_holds_per_address, v_own, v_now);
  if v_first_end is not null then
    return query select 'address_bound'::text, v_first_end, null::jsonb;
    return;
  end if;
  v_first_end := public.client_bound_reached('client_network_hash', p_client_network_hash, p_holds_per_network, v_own, v_now);
  if v_first_end is not null then
    return query select 'network_bound'::text, v_first_end, null::jsonb;
    return;
  end if;

  select stock into v_stock from public.watches where id = p_watch_id for update;
  if not found then
    return query select 'unknown'::text, null::timestamptz, null::jsonb;
    return;
  end if;
  -- The wallet's own hold on this watch is its piece to take again; refused, it keeps its hold.
  if public.free_pieces(p_watch_id, null)
     + (select count(*)::integer from public.orders where id = any (v_own) and watch_id = p_watch_id) < 1 then
    if v_stock = 0 then
      return query select 'sold_out'::text, null::timestamptz, null::jsonb;
    else
      return query select 'held'::text, min(o.expires_at), null::jsonb
        from public.orders o where o.watch_id = p_watch_id and o.status = 'pending';
    end if;
    return;
  end if;
  update public.orders
  set status = 'failed', failure = 'Replaced by a newer payment from the same wallet.'
  where id = any (v_own);
  insert into public.orders (
    status, wallet, wallet_signed_in, lamports, reference, expires_at, usd_amount, sol_amount,
    name, phone, email, address, watch_id, watch_brand, watch_model, currency, token_amount, spl_token,
    client_address_hash, client_network_hash
  ) values (
    'pending', p_wallet, true, p_lamports, p_reference, v_expires_at, p_usd_amount, p_sol_amount,
    p_name, p_phone, p_email, p_address, p_watch_id, p_watch_brand, p_watch_model, p_currency, p_token_amount, p_spl_token,
    p_client_address_hash, p_client_network_hash
  ) returning * into v_order;
  return query select null::text, null::timestamptz, to_jsonb(v_order);
end
$$;

revoke execute on function public.client_bound_reached(text, text, integer, uuid[], timestamptz) from public, anon, authenticated;
grant execute on function public.client_bound_reached(text, text, integer, uuid[], timestamptz) to service_role;
revoke execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text, text, text, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text, text, text, integer, integer, integer) to service_role;
