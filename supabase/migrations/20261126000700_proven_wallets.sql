-- Issue 35: wallets that proved themselves. A payment intent used to hold a piece for ten minutes
-- for anyone, in the name of whatever wallet the request typed, and "My Orders" listed a wallet's
-- orders by that typed name, so anyone could hoard every piece and plant orders in another
-- wallet's list. Now:
-- - an order records whether its wallet was the buyer's signed-in wallet (Sign-In With Solana)
--   when it was made: every payment intent is (POST /api/payments refuses a request without that
--   session), a simulated order is when its wallet is the session's;
-- - an order's wallet is proven when it was signed in, or when it is the payer of a real payment
--   the verifier found on chain (the verifier writes the payer into `wallet`); "My Orders" lists
--   proven orders only;
-- - a wallet holds at most one piece at a time: a new intent of the same wallet replaces its open
--   one (the buyer who closed the dialog and tries again is not locked out of their own hold), under
--   a lock on the wallet, so two intents of one wallet at the same moment still leave one hold.
--   A payment that still arrives for the replaced intent is a late payment (issue 35 part 1).

alter table public.orders add column wallet_signed_in boolean not null default false;

alter table public.orders add column wallet_proven boolean not null
  generated always as (wallet is not null and (wallet_signed_in or (lamports is not null and tx_hash is not null))) stored;

drop index public.orders_wallet_created_idx;
create index orders_proven_wallet_created_idx on public.orders (wallet, created_at desc) where wallet_proven;

create or replace function public.create_payment_intent(
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
  p_address text
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
    name, phone, email, address, watch_id, watch_brand, watch_model
  ) values (
    'pending', p_wallet, true, p_lamports, p_reference, p_expires_at, p_usd_amount, p_sol_amount,
    p_name, p_phone, p_email, p_address, p_watch_id, p_watch_brand, p_watch_model
  ) returning * into v_order;
  return query select null::text, null::timestamptz, to_jsonb(v_order);
end
$$;
