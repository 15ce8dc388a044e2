-- Issue 35: paid is not final. An order became `paid` once its transaction was `confirmed`, and the
-- certificate, the buyer's confirmation and shipping followed at once; a confirmed transaction can
-- still be dropped by the cluster (a fork), and a €30,000 watch must never ship on one. Now:
-- - `finalized_at` records when the payment's transaction was seen `finalized`; until then the
--   order keeps its piece (it is `paid`, the sale is not undone by waiting) and buyer and operator
--   see "Payment received — confirming";
-- - the certificate is claimed, order.paid (and order.refund_due) delivered, and the order shipped
--   or refunded only once it is final;
-- - a payment the cluster dropped (`drop_payment`) undoes the sale: the piece goes back to stock,
--   the order is `failed` and forgets the transaction, so the same transaction landing again later is
--   judged as a late payment. A refund owed for a dropped payment is no longer owed.
-- Every order paid before this migration was paid by a transaction that is final by now.

alter table public.orders add column finalized_at timestamptz;

update public.orders set finalized_at = coalesce(paid_at, created_at)
where tx_hash is not null and lamports is not null;

create index orders_unfinal_idx on public.orders (next_attempt_at)
  where finalized_at is null and tx_hash is not null and lamports is not null;

-- The payment's transaction was seen finalized: once, and the worker mints at once.
create function public.finalize_payment(p_id uuid, p_tx_hash text)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set finalized_at = now(), next_attempt_at = now()
  where id = p_id and tx_hash = p_tx_hash and lamports is not null and finalized_at is null
  returning *
$$;

-- The cluster dropped the payment's transaction before it was final: the sale (or the refund it
-- made due) is undone, under the order's and then the watch's row lock, as settle_order takes them.
create function public.drop_payment(p_id uuid, p_tx_hash text)
returns setof public.orders
language plpgsql volatile security invoker
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders where id = p_id for update;
  if not found or v_order.tx_hash is distinct from p_tx_hash or v_order.finalized_at is not null or v_order.lamports is null then
    return;
  end if;
  if v_order.status = 'paid' then
    update public.watches set stock = stock + 1 where id = v_order.watch_id;
  elsif v_order.status <> 'expired' then
    return;
  end if;
  return query
    update public.orders
    set status = case when status = 'paid' then 'failed' else status end,
        tx_hash = null, paid_at = null, refund_due = false, next_attempt_at = now(),
        failure = 'The network dropped the payment before it was final: no SOL was taken. Please pay again.'
    where id = p_id
    returning *;
end
$$;

-- The worker's claims: 'finalize' (payments waiting to be final) joins 'settle' and 'certify', and
-- a certificate waits for its payment to be final.
create or replace function public.claim_due_orders(p_work text, p_limit integer, p_lease_seconds integer)
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
        when 'finalize' then d.finalized_at is null and d.tx_hash is not null and d.lamports is not null
        when 'certify' then d.status = 'paid' and d.certificate_mint is null
          and (d.lamports is null or d.finalized_at is not null)
        else false
      end
    order by d.next_attempt_at, d.id
    limit least(greatest(p_limit, 0), 100)
    for update skip locked
  )
  returning o.*
$$;

-- A certificate is recorded only on a final payment (the worker and the route both ask this).
create or replace function public.record_order_certificate(p_id uuid, p_mint text)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set certificate_mint = p_mint, certificate_failure = null
  where id = p_id
    and status = 'paid'
    and (lamports is null or finalized_at is not null)
    and (certificate_mint is null or certificate_mint = p_mint)
  returning *
$$;

-- The operator's moves, as before, except that a real payment must be final before the order is
-- shipped, refunded, or a late payment sold by hand.
create or replace function public.move_order(
  p_id uuid,
  p_from text,
  p_to text,
  p_actor text,
  p_tracking text,
  p_note text
)
returns setof public.orders
language plpgsql volatile security invoker
as $$
declare
  v_order public.orders;
begin
  if p_from = 'expired' and p_to = 'paid' then
    select * into v_order from public.orders where id = p_id for update;
    if not found or v_order.status <> 'expired' or not v_order.refund_due or v_order.tx_hash is null
      or v_order.finalized_at is null then
      return;
    end if;
    perform 1 from public.watches where id = v_order.watch_id for update;
    if coalesce(public.free_pieces(v_order.watch_id, v_order.id), 0) < 1 then
      return query select * from public.orders where id = p_id;
      return;
    end if;
    update public.watches set stock = stock - 1 where id = v_order.watch_id;
    insert into public.order_history (order_id, actor, from_status, to_status) values (p_id, p_actor, 'expired', 'paid');
    -- Due for the worker at once: it mints the certificate, as for any sale.
    return query
      update public.orders
      set status = 'paid', refund_due = false, paid_at = now(), next_attempt_at = now()
      where id = p_id
      returning *;
    return;
  end if;

  return query
    with moved as (
      update public.orders
      set status = p_to,
          tracking_reference = case when p_to = 'shipped' then p_tracking else tracking_reference end,
          refund_note = case when p_to = 'refunded' then p_note else refund_note end,
          -- A late payment, once refunded, is no longer owed.
          refund_due = case when p_to = 'refunded' then false else refund_due end
      where id = p_id
        and status = p_from
        and (p_from, p_to) in (
          ('paid', 'shipped'), ('simulated', 'shipped'), ('shipped', 'delivered'),
          ('paid', 'refunded'), ('shipped', 'refunded'), ('expired', 'refunded')
        )
        and (p_from <> 'expired' or refund_due)
        and (p_from <> 'shipped' or p_to <> 'refunded' or reference is not null)
        and (p_from not in ('paid', 'expired') or lamports is null or finalized_at is not null)
      returning *
    ), recorded as (
      insert into public.order_history (order_id, actor, from_status, to_status, tracking_reference, note)
      select id, p_actor, p_from, p_to, case when p_to = 'shipped' then p_tracking end, case when p_to = 'refunded' then p_note end
      from moved
    )
    select * from moved;
end
$$;

-- order.paid and order.refund_due wait for the payment to be final (a simulated order has no
-- payment to wait for; a payment the operator sells by hand is final already).
create or replace function public.record_order_events()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  kinds text[] := '{}';
  was_paid boolean := tg_op = 'UPDATE' and old.status = 'paid';
  final boolean := new.lamports is null or new.finalized_at is not null;
  was_final boolean := tg_op = 'UPDATE' and (old.lamports is null or old.finalized_at is not null);
begin
  if tg_op = 'INSERT' then
    if new.status = 'simulated' then kinds := kinds || 'order.simulated'::text; end if;
    if new.status = 'paid' and final then kinds := kinds || 'order.paid'::text; end if;
    if new.refund_due and final then kinds := kinds || 'order.refund_due'::text; end if;
  else
    if new.status = 'paid' and final and not (was_paid and was_final) then kinds := kinds || 'order.paid'::text; end if;
    if new.certificate_mint is not null and old.certificate_mint is null and (was_paid or new.status <> 'paid') then
      kinds := kinds || 'order.certified'::text;
    end if;
    if new.status in ('shipped', 'delivered', 'refunded') and new.status <> old.status then
      kinds := kinds || ('order.' || new.status);
    end if;
    if new.refund_due and final and not (old.refund_due and was_final) then kinds := kinds || 'order.refund_due'::text; end if;
  end if;
  insert into public.order_events (order_id, type, channel, snapshot)
  select new.id, kind, channel, to_jsonb(new)
  from unnest(kinds) as kind cross join (values ('webhook'), ('email')) as channels (channel)
  on conflict (order_id, type, channel) do nothing;
  return null;
end
$$;

revoke execute on function public.finalize_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.finalize_payment(uuid, text) to service_role;
revoke execute on function public.drop_payment(uuid, text) from public, anon, authenticated;
grant execute on function public.drop_payment(uuid, text) to service_role;
