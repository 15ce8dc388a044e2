-- Refunds leave the shop on chain (issue 51). A refund used to be a status and a note, cleared by a
-- click. Now it is a request the chain must answer: staff open one for an amount of the order's
-- currency (SOL or its token), paid to the wallet that paid the order, with a Solana Pay reference
-- of its own; the merchant pays it from any wallet; the worker (or the dialog's check) finds the
-- transfer by that reference and only then records it sent, with its signature. The order becomes
-- partially_refunded or refunded (all of it back), and a late payment's refund due is cleared only
-- by a sent refund of all that was paid. docs/refunds.md tells the whole story.

alter table public.orders drop constraint orders_status_check;
alter table public.orders
  add constraint orders_status_check
    check (status in (
      'simulated', 'pending', 'paid', 'expired', 'failed', 'shipped', 'delivered', 'partially_refunded', 'refunded', 'cancelled'
    ));
-- A refund's reason lives on the refund now; refunds by hand of older versions keep their note.
alter table public.orders drop constraint orders_refunded_has_note;

create table public.refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- In the order's currency's base units: lamports, or the token's (USDC: millionths).
  amount bigint not null check (amount > 0),
  currency text not null check (currency in ('SOL', 'USDC')),
  mint text check (length(mint) between 32 and 44),
  -- The wallet that paid the order: the refund goes back there and nowhere else.
  recipient text not null check (length(recipient) between 32 and 44),
  -- The Solana Pay reference the server finds the refund's transaction by.
  reference text not null unique check (length(reference) between 32 and 44),
  reason text not null check (length(reason) between 1 and 500 and reason !~ '[[:cntrl:]]'),
  -- open: waiting for the chain; sent: the chain showed it (signature); cancelled by staff; expired
  -- unpaid after its day, so that an old QR code is never paid on top of a newer refund.
  state text not null default 'open' check (state in ('open', 'sent', 'cancelled', 'expired')),
  signature text unique check (length(signature) between 43 and 88),
  -- Why the last transaction naming the reference did not pay it (another wallet, amount or mint).
  failure text check (length(failure) <= 500),
  created_by text not null check (length(created_by) between 1 and 200),
  created_at timestamptz not null default clock_timestamp(),
  expires_at timestamptz not null,
  sent_at timestamptz,
  ended_at timestamptz,
  -- The worker's lease and schedule, as claim_due_orders keeps them for orders.
  next_check_at timestamptz not null default clock_timestamp(),
  constraint refunds_token_has_mint check ((currency = 'USDC') = (mint is not null)),
  constraint refunds_sent_has_signature check ((state = 'sent') = (signature is not null and sent_at is not null)),
  constraint refunds_ended_when check ((state in ('cancelled', 'expired')) = (ended_at is not null))
);

create index refunds_order_idx on public.refunds (order_id, created_at);
create index refunds_due_idx on public.refunds (next_check_at) where state = 'open';

alter table public.refunds enable row level security;
revoke all on public.refunds from public, anon, authenticated;
grant select, insert, update on public.refunds to service_role;

-- Opening a refund is staff's write (refund.create on the trail, with the member); the worker's
-- marking it sent is not (no actor), the order's history and events record that.
create trigger refunds_audit after insert or update on public.refunds
  for each row execute function public.audit_row_change('refund', 'order', 'order_id', '-next_check_at', '-failure');

-- What the order paid, in the base units refunds are counted in.
create function public.order_paid_units(p_order public.orders)
returns bigint
language sql immutable
as $$
  select case when p_order.currency = 'USDC' then p_order.token_amount else p_order.lamports end
$$;

-- Opens a refund under the order's lock, so that two openings at once are counted one after the
-- other: the open and sent refunds of an order never add up to more than it paid. An open refund
-- past its expiry no longer counts (nothing pays it any more: expire_refund). Answers
-- {"refund": row} or {"refused": why, "left": units still refundable}:
--   unknown: no such order; not_refundable: not a final real payment the shop still holds (paid,
--   shipped, delivered, partially refunded, or a late payment owed back); too_much: more than is left.
create function public.open_refund(
  p_order_id uuid,
  p_amount bigint,
  p_reason text,
  p_reference text,
  p_actor text,
  p_ttl_seconds integer
)
returns jsonb
language plpgsql volatile security invoker
as $$
declare
  v_order public.orders;
  v_taken bigint;
  v_left bigint;
  v_refund public.refunds;
begin
  select * into v_order from public.orders where id = p_order_id for update;
  if not found then
    return jsonb_build_object('refused', 'unknown');
  end if;
  if v_order.reference is null or v_order.wallet is null or v_order.tx_hash is null or v_order.finalized_at is null
    or public.order_paid_units(v_order) is null
    or not (v_order.status in ('paid', 'shipped', 'delivered', 'partially_refunded') or (v_order.status = 'expired' and v_order.refund_due)) then
    return jsonb_build_object('refused', 'not_refundable');
  end if;
  select coalesce(sum(amount), 0) into v_taken
  from public.refunds
  where order_id = p_order_id and (state = 'sent' or (state = 'open' and expires_at > clock_timestamp()));
  v_left := public.order_paid_units(v_order) - v_taken;
  if p_amount > v_left then
    return jsonb_build_object('refused', 'too_much', 'left', v_left);
  end if;
  insert into public.refunds (order_id, amount, currency, mint, recipient, reference, reason, created_by, expires_at)
  values (
    p_order_id, p_amount, v_order.currency, v_order.spl_token, v_order.wallet, p_reference, p_reason, p_actor,
    clock_timestamp() + make_interval(secs => greatest(p_ttl_seconds, 60))
  )
  returning * into v_refund;
  return jsonb_build_object('refund', to_jsonb(v_refund));
end
$$;

-- The chain showed the refund's transfer: the refund is sent, the order partially refunded or
-- refunded (all it paid back: a refund due is cleared), its history gets the line and the outbox
-- order.partially_refunded or order.refunded with the refund. Only an open refund is marked, once:
-- a second call (the worker and the dialog's check at once) answers the refund as it is, and
-- records nothing more. Null for no such refund, or one cancelled or expired.
create function public.record_refund_sent(p_id uuid, p_signature text, p_sent_at timestamptz)
returns jsonb
language plpgsql volatile security invoker
as $$
declare
  v_refund public.refunds;
  v_order public.orders;
  v_from text;
  v_sent bigint;
begin
  select * into v_refund from public.refunds where id = p_id;
  if not found then
    return null;
  end if;
  select * into v_order from public.orders where id = v_refund.order_id for update;
  select * into v_refund from public.refunds where id = p_id for update;
  if v_refund.state = 'sent' then
    return jsonb_build_object('refund', to_jsonb(v_refund), 'order', to_jsonb(v_order));
  end if;
  if v_refund.state <> 'open' then
    return null;
  end if;
  update public.refunds
  set state = 'sent', signature = p_signature, sent_at = p_sent_at, failure = null
  where id = p_id
  returning * into v_refund;
  select sum(amount) into v_sent from public.refunds where order_id = v_order.id and state = 'sent';
  v_from := v_order.status;
  update public.orders
  set status = case when v_sent >= public.order_paid_units(v_order) then 'refunded' else 'partially_refunded' end,
      refund_due = refund_due and v_sent < public.order_paid_units(v_order)
  where id = v_order.id
  returning * into v_order;
  insert into public.order_history (order_id, actor, from_status, to_status, note)
  values (v_order.id, v_refund.created_by, v_from, v_order.status, v_refund.reason);
  insert into public.order_events (order_id, type, channel, snapshot, refund)
  select v_order.id, 'order.' || v_order.status, channel, to_jsonb(v_order), to_jsonb(v_refund)
  from (values ('webhook'), ('email')) as channels (channel)
  on conflict do nothing;
  return jsonb_build_object('refund', to_jsonb(v_refund), 'order', to_jsonb(v_order));
end
$$;

-- Staff cancel a refund nobody paid (the route looks on chain first); null when it is not open.
create function public.cancel_refund(p_id uuid, p_order_id uuid)
returns setof public.refunds
language sql volatile security invoker
as $$
  update public.refunds
  set state = 'cancelled', ended_at = clock_timestamp()
  where id = p_id and order_id = p_order_id and state = 'open'
  returning *
$$;

-- An open refund past its day, once the worker looked on chain one last time; null otherwise.
create function public.expire_refund(p_id uuid)
returns setof public.refunds
language sql volatile security invoker
as $$
  update public.refunds
  set state = 'expired', ended_at = clock_timestamp()
  where id = p_id and state = 'open' and expires_at <= clock_timestamp()
  returning *
$$;

-- The worker's claim: open refunds due for a look on chain, each leased for p_lease_seconds so that
-- another instance skips it meanwhile.
create function public.claim_due_refunds(p_limit integer, p_lease_seconds integer)
returns setof public.refunds
language sql volatile security invoker
as $$
  update public.refunds r
  set next_check_at = clock_timestamp() + make_interval(secs => greatest(p_lease_seconds, 1))
  where r.id in (
    select d.id from public.refunds d
    where d.state = 'open' and d.next_check_at <= clock_timestamp()
    order by d.next_check_at, d.id
    limit least(greatest(p_limit, 0), 100)
    for update skip locked
  )
  returning r.*
$$;

-- A look that found no payment: when to look next, and why the last candidate did not pay it.
create function public.release_refund_claim(p_id uuid, p_delay_seconds integer, p_failure text)
returns void
language sql volatile security invoker
as $$
  update public.refunds
  set next_check_at = clock_timestamp() + make_interval(secs => greatest(p_delay_seconds, 0)),
      failure = coalesce(left(p_failure, 500), failure)
  where id = p_id and state = 'open'
$$;

-- These orders' refunds, oldest first (an order's dialog, a buyer's list, a page of the CSV export).
create function public.refunds_of(p_order_ids uuid[])
returns setof public.refunds
language sql stable security invoker
as $$
  select * from public.refunds where order_id = any (p_order_ids) order by created_at, id
$$;

-- The outbox: one message per refund, so an order refunded in parts tells each part. The snapshot
-- of the refund travels with the order's.
alter table public.order_events drop constraint order_events_type_check;
alter table public.order_events
  add constraint order_events_type_check check (type in (
    'order.simulated', 'order.paid', 'order.certified', 'order.shipped', 'order.delivered', 'order.refund_due',
    'order.partially_refunded', 'order.refunded'
  ));
alter table public.order_events add column refund jsonb;
alter table public.order_events drop constraint order_events_order_id_type_channel_key;
create unique index order_events_once on public.order_events (order_id, type, channel, (coalesce(refund ->> 'id', '')));

-- As before, except that refunded is no longer a status change's event: record_refund_sent writes
-- it with the refund that made it.
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
    if new.status in ('shipped', 'delivered') and new.status <> old.status then
      kinds := kinds || ('order.' || new.status);
    end if;
    if new.refund_due and final and not (old.refund_due and was_final) then kinds := kinds || 'order.refund_due'::text; end if;
  end if;
  insert into public.order_events (order_id, type, channel, snapshot)
  select new.id, kind, channel, to_jsonb(new)
  from unnest(kinds) as kind cross join (values ('webhook'), ('email')) as channels (channel)
  on conflict do nothing;
  return null;
end
$$;

-- The operator's moves: a refund is no longer one of them (it is a refund the chain answers). A
-- partially refunded sale still ships (once) and is delivered (once); its refunds stay on it.
-- A late payment with a refund open or sent is no longer sold by hand.
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
      or v_order.finalized_at is null
      or exists (select 1 from public.refunds where order_id = p_id and state in ('open', 'sent')) then
      return;
    end if;
    perform 1 from public.watches where id = v_order.watch_id for update;
    if coalesce(public.free_pieces(v_order.watch_id, v_order.id), 0) < 1 then
      return query select * from public.orders where id = p_id;
      return;
    end if;
    update public.watches set stock = stock - 1 where id = v_order.watch_id;
    insert into public.order_history (order_id, actor, from_status, to_status) values (p_id, p_actor, 'expired', 'paid');
    return query
      update public.orders
      set status = 'paid', refund_due = false, paid_at = now(), next_attempt_at = now()
      where id = p_id
      returning *;
    return;
  end if;

  return query
    with moved as (
      update public.orders o
      set status = p_to,
          tracking_reference = case when p_to = 'shipped' then p_tracking else tracking_reference end
      where id = p_id
        and status = p_from
        and (p_from, p_to) in (
          ('paid', 'shipped'), ('simulated', 'shipped'), ('shipped', 'delivered'),
          ('partially_refunded', 'shipped'), ('partially_refunded', 'delivered')
        )
        and (p_from <> 'paid' or lamports is null or finalized_at is not null)
        and (p_from <> 'partially_refunded' or (
          not refund_due
          and case p_to
            when 'shipped' then tracking_reference is null
            else tracking_reference is not null
              and not exists (select 1 from public.order_history h where h.order_id = o.id and h.to_status = 'delivered')
          end
        ))
      returning *
    ), recorded as (
      insert into public.order_history (order_id, actor, from_status, to_status, tracking_reference)
      select id, p_actor, p_from, p_to, case when p_to = 'shipped' then p_tracking end
      from moved
    )
    select * from moved;
end
$$;

revoke execute on function public.order_paid_units(public.orders) from public, anon, authenticated;
revoke execute on function public.open_refund(uuid, bigint, text, text, text, integer) from public, anon, authenticated;
revoke execute on function public.record_refund_sent(uuid, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.cancel_refund(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.expire_refund(uuid) from public, anon, authenticated;
revoke execute on function public.claim_due_refunds(integer, integer) from public, anon, authenticated;
revoke execute on function public.release_refund_claim(uuid, integer, text) from public, anon, authenticated;
revoke execute on function public.refunds_of(uuid[]) from public, anon, authenticated;
grant execute on function public.order_paid_units(public.orders) to service_role;
grant execute on function public.open_refund(uuid, bigint, text, text, text, integer) to service_role;
grant execute on function public.record_refund_sent(uuid, text, timestamptz) to service_role;
grant execute on function public.cancel_refund(uuid, uuid) to service_role;
grant execute on function public.expire_refund(uuid) to service_role;
grant execute on function public.claim_due_refunds(integer, integer) to service_role;
grant execute on function public.release_refund_claim(uuid, integer, text) to service_role;
grant execute on function public.refunds_of(uuid[]) to service_role;
