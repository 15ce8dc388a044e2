-- Issue 54: Solana Actions and transaction requests. An Action's POST names an account that
-- nobody proved (a blink has no Sign-In With Solana), so create_payment_intent learns whether its
-- wallet signed in (p_wallet_signed_in) and keeps the signed-in owner's checkout out of a stranger's
-- reach:
-- * the order records it (wallet_signed_in): an unproven order is not in that wallet's "My Orders"
--   until its payment, signed by the payer, proves the wallet (wallet_proven);
-- * an unproven intent never replaces the owner's signed-in open intent: it is refused
--   ('wallet_busy') while one is open, and replaces only unproven ones;
-- * a signed-in intent's hold window and cooldown count signed-in intents only, so a stranger's
--   unproven holds in the owner's name never make the owner wait; an unproven one counts all.
-- What bounds a script naming accounts at will is unchanged: the balance rule, the client's
-- address and network bounds, and the price fixed by the server.

drop function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text, text, text, integer, integer, integer);

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
  p_cooldown_seconds integer,
  p_wallet_signed_in boolean
)
returns table (refusal text, held_until timestamptz, placed jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_stock integer;
  v_own uuid[];
  v_owner_paying boolean;
  v_now timestamptz;
  v_window_end timestamptz;
  v_expires_at timestamptz := p_expires_at;
  v_first_end timestamptz;
  v_order public.orders;
begin
  if p_wallet is null then
    raise exception 'create_payment_intent: a hold needs a wallet' using errcode = '22023';
  end if;
  if p_wallet_signed_in is null or p_client_address_hash is null or p_client_network_hash is null
     or coalesce(p_holds_per_address, 0) < 1 or coalesce(p_holds_per_network, 0) < 1 or coalesce(p_cooldown_seconds, -1) < 0 then
    raise exception 'create_payment_intent: a hold needs its client and its bounds' using errcode = '22023';
  end if;
  -- One intent of a wallet at a time, and of a network at a time: the network's lock covers each of
  -- its addresses, so the counts below cannot be passed by intents racing from one client. The
  -- wallet's open intents' rows are locked before any watch row, in the order settle_order locks
  -- them (order, then watch), so the two never wait in a circle.
  perform pg_advisory_xact_lock(hashtextextended('orx hold ' || p_wallet, 0));
  perform pg_advisory_xact_lock(hashtextextended('orx hold network ' || p_client_network_hash, 0));
  -- A signed-in intent replaces every open intent of its wallet; one made for an unproven account
  -- replaces only the unproven ones, and none while the wallet's owner is paying a signed-in one.
  select coalesce(array_agg(id) filter (where p_wallet_signed_in or not wallet_signed_in), '{}'),
         coalesce(bool_or(wallet_signed_in), false) and not p_wallet_signed_in
  into v_own, v_owner_paying from (
    select id, wallet_signed_in from public.orders where wallet = p_wallet and status = 'pending' for update
  ) own;
  if v_owner_paying then
    return query select 'wallet_busy'::text, null::timestamptz, null::jsonb;
    return;
  end if;
  -- Read after the locks: a wait for them does not make the holds counted below look younger.
  v_now := clock_timestamp();

  select max(o.expires_at) into v_window_end from public.orders o
  where o.wallet = p_wallet and o.watch_id = p_watch_id and o.expires_at is not null
    and o.status in ('pending', 'failed', 'expired')
    and (o.wallet_signed_in or not p_wallet_signed_in);
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
    'pending', p_wallet, p_wallet_signed_in, p_lamports, p_reference, v_expires_at, p_usd_amount, p_sol_amount,
    p_name, p_phone, p_email, p_address, p_watch_id, p_watch_brand, p_watch_model, p_currency, p_token_amount, p_spl_token,
    p_client_address_hash, p_client_network_hash
  ) returning * into v_order;
  return query select null::text, null::timestamptz, to_jsonb(v_order);
end
$$;

revoke execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text, text, text, integer, integer, integer, boolean) from public, anon, authenticated;
grant execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text, text, text, integer, integer, integer, boolean) to service_role;
