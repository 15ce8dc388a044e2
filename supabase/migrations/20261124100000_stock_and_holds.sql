-- Stock and holds (issue 21). A watch is one piece or a numbered few: `stock` counts the pieces
-- the shop still has to sell. A payment intent holds one piece while it is pending; paid sells it
-- (stock - 1 in the statement that marks the order paid); the settlement worker releases the hold
-- when it marks the intent expired or failed. docs/payments.md tells the whole story.

alter table public.watches
  add column stock integer not null default 1 constraint watches_stock_not_negative check (stock >= 0);

-- Every watch stored so far was one piece, sold out or not.
update public.watches set stock = case when available then 1 else 0 end;

-- `available` is no longer a flag of its own: a watch is available while a piece is left. Kept as a
-- generated column so every reader (the SQL listings, the storefront, SPEC's `available` field)
-- stays as it was, and can never disagree with the stock.
alter table public.watches drop column available;
alter table public.watches add column available boolean not null generated always as (stock > 0) stored;
create index watches_available_created_idx on public.watches (available, created_at desc);

-- The operator's "Mark sold out" / "Mark available": no piece left, or at least one.
create function public.set_watch_available(p_id uuid, p_available boolean)
returns setof public.watches
language sql volatile security invoker
as $$
  update public.watches
  set stock = case when p_available then greatest(stock, 1) else 0 end
  where id = p_id
  returning *
$$;

-- The settlement worker's bookkeeping: when an order is next due (also its lease: a claim moves it
-- into the future, so another instance skips it until the claim is done or lapsed), and the
-- certificate's failed attempts with the last reason, for the operator.
alter table public.orders
  add column next_attempt_at timestamptz not null default now(),
  add column certificate_attempts integer not null default 0 check (certificate_attempts >= 0),
  add column certificate_failure text check (length(certificate_failure) between 1 and 500);

-- A hold is a pending intent: counted per watch at every intent and settlement.
create index orders_watch_pending_idx on public.orders (watch_id) where status = 'pending';
create index orders_worker_due_idx on public.orders (next_attempt_at)
  where status in ('pending', 'expired', 'failed', 'paid');

-- How many pieces of a watch are still free: its stock less its pending intents (but p_except).
create function public.free_pieces(p_watch uuid, p_except uuid)
returns integer
language sql stable security invoker
as $$
  select w.stock - (
    select count(*)::integer from public.orders o
    where o.watch_id = w.id and o.status = 'pending' and o.id is distinct from p_except
  )
  from public.watches w
  where w.id = p_watch
$$;

-- A payment intent, stored only if a piece is free: the watch row is locked first, so of any number
-- of buyers racing for the last piece, one gets the hold and the others are told why not: 'sold_out'
-- (no piece left) or 'held' (every piece held, the first hold ending at held_until). The order comes
-- back as JSON so both stores read the answer the same way.
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
  p_address text
)
returns table (refusal text, held_until timestamptz, placed jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_stock integer;
  v_order public.orders;
begin
  select stock into v_stock from public.watches where id = p_watch_id for update;
  if not found then
    return query select 'unknown'::text, null::timestamptz, null::jsonb;
    return;
  end if;
  if public.free_pieces(p_watch_id, null) < 1 then
    if v_stock = 0 then
      return query select 'sold_out'::text, null::timestamptz, null::jsonb;
    else
      return query select 'held'::text, min(o.expires_at), null::jsonb
        from public.orders o where o.watch_id = p_watch_id and o.status = 'pending';
    end if;
    return;
  end if;
  insert into public.orders (
    status, wallet, lamports, reference, expires_at, usd_amount, sol_amount,
    name, phone, email, address, watch_id, watch_brand, watch_model
  ) values (
    'pending', p_wallet, p_lamports, p_reference, p_expires_at, p_usd_amount, p_sol_amount,
    p_name, p_phone, p_email, p_address, p_watch_id, p_watch_brand, p_watch_model
  ) returning * into v_order;
  return query select null::text, null::timestamptz, to_jsonb(v_order);
end
$$;

-- The verifier's outcomes, redefined for stock. One transaction each, the order row locked first:
-- - a payment found (p_status 'paid', in time or late) sells a piece when one is free for this order
--   (its own hold counts as its piece): paid, stock - 1. With no piece free (the hold lapsed and the
--   last piece went to another buyer, or the operator withdrew it) the payment is kept as a refund
--   due on the expired order: never lost, never a second sale;
-- - failed and expired (nothing paid) close a pending intent and so release its hold.
-- Only a pending order settles, except that a payment still arriving for an expired or failed order
-- is recorded on it. A transaction that already paid another order breaks the unique tx_hash.
create or replace function public.settle_order(
  p_id uuid,
  p_status text,
  p_tx_hash text,
  p_wallet text,
  p_refund_due boolean,
  p_failure text
)
returns setof public.orders
language plpgsql volatile security invoker
as $$
declare
  v_order public.orders;
  v_free integer;
begin
  select * into v_order from public.orders where id = p_id for update;
  if not found or p_status not in ('paid', 'expired', 'failed') then return; end if;
  if not (v_order.status = 'pending' or (v_order.status in ('expired', 'failed') and v_order.tx_hash is null)) then return; end if;

  if p_status = 'paid' then
    perform 1 from public.watches where id = v_order.watch_id for update;
    v_free := coalesce(public.free_pieces(v_order.watch_id, v_order.id), 0);
    if v_free >= 1 then
      update public.watches set stock = stock - 1 where id = v_order.watch_id;
      return query
        update public.orders
        set status = 'paid', tx_hash = p_tx_hash, wallet = coalesce(p_wallet, wallet), paid_at = now(),
            failure = null, next_attempt_at = now()
        where id = p_id
        returning *;
    else
      return query
        update public.orders
        set status = 'expired', tx_hash = p_tx_hash, wallet = coalesce(p_wallet, wallet), refund_due = true, failure = null
        where id = p_id
        returning *;
    end if;
    return;
  end if;

  -- Nothing paid: only a pending intent closes (a late payment recorded as expired keeps its hash).
  if v_order.status = 'pending' then
    return query
      update public.orders
      set status = p_status, tx_hash = coalesce(p_tx_hash, tx_hash), refund_due = refund_due or coalesce(p_refund_due, false),
          failure = p_failure
      where id = p_id
      returning *;
  elsif p_status = 'expired' and p_tx_hash is not null then
    return query
      update public.orders
      set status = 'expired', tx_hash = p_tx_hash, refund_due = true, failure = null
      where id = p_id
      returning *;
  end if;
end
$$;

-- The certificate's mint, recorded once: a retry that minted nothing new finds it here. A recorded
-- mint clears the failure the operator saw.
create or replace function public.record_order_certificate(p_id uuid, p_mint text)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set certificate_mint = p_mint, certificate_failure = null
  where id = p_id and status = 'paid' and (certificate_mint is null or certificate_mint = p_mint)
  returning *
$$;

-- The worker's claim: up to p_limit orders due for p_work, each locked (SKIP LOCKED: another
-- instance's claim in progress is passed over) and leased for p_lease_seconds by moving its
-- next_attempt_at, so no other instance takes it until this one is done or has died.
-- 'settle': pending intents, and for a day after their expiry the unpaid expired or failed ones
-- (a payment may still land); 'certify': paid orders without a certificate.
create function public.claim_due_orders(p_work text, p_limit integer, p_lease_seconds integer)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders o
  set next_attempt_at = now() + make_interval(secs => greatest(p_lease_seconds, 1))
  where o.id in (
    select d.id from public.orders d
    where d.next_attempt_at <= now()
      and case p_work
        when 'settle' then d.status = 'pending'
          or (d.status in ('expired', 'failed') and d.tx_hash is null and d.expires_at > now() - interval '1 day')
        when 'certify' then d.status = 'paid' and d.certificate_mint is null
        else false
      end
    order by d.next_attempt_at, d.id
    limit least(greatest(p_limit, 0), 100)
    for update skip locked
  )
  returning o.*
$$;

-- The end of a claim: the order is next due in p_delay_seconds.
create function public.release_order_claim(p_id uuid, p_delay_seconds integer)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set next_attempt_at = now() + make_interval(secs => greatest(p_delay_seconds, 0))
  where id = p_id
  returning *
$$;

-- A failed mint: counted, its reason kept for the operator, retried after a delay doubling from
-- 10 s up to an hour.
create function public.record_certificate_failure(p_id uuid, p_reason text)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set certificate_attempts = certificate_attempts + 1,
      certificate_failure = left(p_reason, 500),
      next_attempt_at = now() + make_interval(secs => least(10 * power(2, least(certificate_attempts, 12)), 3600))
  where id = p_id and status = 'paid' and certificate_mint is null
  returning *
$$;

-- The admin cards' counts: pieces held by pending intents and pieces sold (paid, then shipped or
-- delivered) per watch.
create function public.watch_stock_counts()
returns table (watch_id uuid, held integer, sold integer)
language sql stable security invoker
as $$
  select o.watch_id,
         (count(*) filter (where o.status = 'pending'))::integer,
         (count(*) filter (where o.status in ('paid', 'shipped', 'delivered')))::integer
  from public.orders o
  where o.watch_id is not null and o.status in ('pending', 'paid', 'shipped', 'delivered')
  group by o.watch_id
$$;

revoke execute on function public.set_watch_available(uuid, boolean) from public, anon, authenticated;
grant execute on function public.set_watch_available(uuid, boolean) to service_role;
revoke execute on function public.free_pieces(uuid, uuid) from public, anon, authenticated;
grant execute on function public.free_pieces(uuid, uuid) to service_role;
revoke execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text) from public, anon, authenticated;
grant execute on function public.create_payment_intent(uuid, text, text, text, bigint, text, timestamptz, numeric, numeric, text, text, text, text) to service_role;
revoke execute on function public.claim_due_orders(text, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_due_orders(text, integer, integer) to service_role;
revoke execute on function public.release_order_claim(uuid, integer) from public, anon, authenticated;
grant execute on function public.release_order_claim(uuid, integer) to service_role;
revoke execute on function public.record_certificate_failure(uuid, text) from public, anon, authenticated;
grant execute on function public.record_certificate_failure(uuid, text) to service_role;
revoke execute on function public.watch_stock_counts() from public, anon, authenticated;
grant execute on function public.watch_stock_counts() to service_role;
