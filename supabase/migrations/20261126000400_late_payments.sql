-- Issue 35: never a sale at a stale price. A payment that lands after its intent expired or was
-- cancelled used to sell the watch whenever a piece was free, at the price the intent was made
-- for: an intent kept from before a price rise or a restock bought the watch at its old price.
-- Now such a payment is a refund due, unless it lands within 2 minutes of the intent's expiry,
-- covers the watch's current price and a piece is free (a buyer whose wallet was slow keeps the
-- watch; nothing older or cheaper does). Decided here, under the watch's row lock, from the time
-- the payment landed on chain (p_paid_at), never the time it was noticed.

drop function public.settle_order(uuid, text, text, text, boolean, text);

create function public.settle_order(
  p_id uuid,
  p_status text,
  p_tx_hash text,
  p_wallet text,
  p_refund_due boolean,
  p_failure text,
  p_paid_at timestamptz
)
returns setof public.orders
language plpgsql volatile security invoker
as $$
declare
  v_order public.orders;
  v_price_lamports bigint;
  v_free integer;
  v_sells boolean;
begin
  select * into v_order from public.orders where id = p_id for update;
  if not found or p_status not in ('paid', 'expired', 'failed') then return; end if;
  if not (v_order.status = 'pending' or (v_order.status in ('expired', 'failed') and v_order.tx_hash is null)) then return; end if;

  if p_status = 'paid' then
    if p_paid_at is null then raise exception 'settle_order: a payment needs the time it landed' using errcode = '22023'; end if;
    select (w.price_sol * 1000000000)::bigint into v_price_lamports from public.watches w where w.id = v_order.watch_id for update;
    v_free := coalesce(public.free_pieces(v_order.watch_id, v_order.id), 0);
    if v_order.status = 'pending' and p_paid_at <= v_order.expires_at then
      -- In time: the intent's hold kept its piece, at the price it was made for.
      v_sells := v_free >= 1;
    else
      -- Late, or after the buyer cancelled: only as a new purchase at today's price would be.
      v_sells := v_free >= 1
        and p_paid_at <= v_order.expires_at + interval '2 minutes'
        and v_price_lamports is not null
        and v_order.lamports >= v_price_lamports;
    end if;

    if v_sells then
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

revoke execute on function public.settle_order(uuid, text, text, text, boolean, text, timestamptz) from public, anon, authenticated;
grant execute on function public.settle_order(uuid, text, text, text, boolean, text, timestamptz) to service_role;
