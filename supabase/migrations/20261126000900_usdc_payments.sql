-- Issue 38: USDC beside SOL. A USDC intent records its currency, its amount in the mint's base
-- units (USDC has 6 decimals: the USD value the shopper was shown, to the cent, fixed by the server)
-- and the mint it must be paid in. `lamports` stays the watch's SOL price for every real payment,
-- USDC included, so every rule keyed on it holds for USDC as it is: what is a real payment, when it
-- is final, and that a late payment sells only at no less than today's price.

alter table public.orders
  add column currency text not null default 'SOL' check (currency in ('SOL', 'USDC')),
  add column token_amount bigint check (token_amount > 0),
  add column spl_token text check (spl_token ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  add constraint orders_token_fields check (
    (currency = 'USDC') = (token_amount is not null and spl_token is not null and reference is not null)
  );

-- The intent now says what it is paid in; without those arguments it is a SOL intent, as before.
drop function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text);

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
  p_currency text default 'SOL',
  p_token_amount bigint default null,
  p_spl_token text default null
)
returns table (refusal text, held_until timestamptz, placed jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_stock integer;
  v_own uuid[];
  v_order public.orders;
begin
  if p_wallet is null then
    raise exception 'create_payment_intent: a hold needs the signed-in wallet' using errcode = '22023';
  end if;
  -- One intent of a wallet at a time; its open intents' rows are locked before any watch row, in
  -- the order settle_order locks them (order, then watch), so the two never wait in a circle.
  perform pg_advisory_xact_lock(hashtextextended('orx hold ' || p_wallet, 0));
  select coalesce(array_agg(id), '{}') into v_own from (
    select id from public.orders where wallet = p_wallet and status = 'pending' for update
  ) own;

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
    name, phone, email, address, watch_id, watch_brand, watch_model, currency, token_amount, spl_token
  ) values (
    'pending', p_wallet, true, p_lamports, p_reference, p_expires_at, p_usd_amount, p_sol_amount,
    p_name, p_phone, p_email, p_address, p_watch_id, p_watch_brand, p_watch_model, p_currency, p_token_amount, p_spl_token
  ) returning * into v_order;
  return query select null::text, null::timestamptz, to_jsonb(v_order);
end
$$;

revoke execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text) from public, anon, authenticated;
grant execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text, text, bigint, text) to service_role;
