-- Order events leave the shop (issue 22): an outbox of what happened to an order, written by a
-- trigger on public.orders, so the event is stored by the very statement that changed the order
-- (whatever SQL function made the change) and a crash before delivery loses nothing. One row per
-- event per channel (webhook, e-mail): each channel keeps its own delivery state, attempts and
-- last error, and the (order, type, channel) key makes one message per event per order.
-- docs/webhooks.md and docs/email.md describe what is sent and when it is retried.

create table public.order_events (
  -- The webhook's `webhook-id` (the same on every retry, so a receiver can de-duplicate) and the
  -- e-mail's Message-ID.
  id uuid primary key default gen_random_uuid(),
  -- The order events were written in (several rows of one statement share created_at).
  seq bigint generated always as identity,
  order_id uuid not null references public.orders (id) on delete cascade,
  type text not null check (type in (
    'order.simulated', 'order.paid', 'order.certified', 'order.shipped', 'order.delivered', 'order.refund_due', 'order.refunded'
  )),
  channel text not null check (channel in ('webhook', 'email')),
  -- The order as it was when the event happened: a retry hours later still tells that moment.
  snapshot jsonb not null,
  created_at timestamptz not null default clock_timestamp(),
  -- skipped: the channel was switched off when the event came due.
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed', 'skipped')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default clock_timestamp(),
  -- The instance sending it, until when: a lease left by a killed process expires and the event is
  -- claimed again.
  lease_owner text check (length(lease_owner) <= 200),
  lease_until timestamptz,
  last_status integer,
  last_error text check (length(last_error) <= 500),
  delivered_at timestamptz,
  unique (order_id, type, channel)
);

create index order_events_due_idx on public.order_events (next_attempt_at) where state = 'pending';
create index order_events_order_idx on public.order_events (order_id, seq);
create index order_events_failed_idx on public.order_events (order_id) where state = 'failed';

alter table public.order_events enable row level security;
revoke all on public.order_events from anon, authenticated;
grant all on public.order_events to service_role;

-- Which events a change of the order is: a status reached, the certificate recorded, a refund
-- owed. A certificate recorded by the statement that paid the order travels in order.paid.
create function public.record_order_events()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  kinds text[] := '{}';
  was_paid boolean := tg_op = 'UPDATE' and old.status = 'paid';
begin
  if tg_op = 'INSERT' then
    if new.status = 'simulated' then kinds := kinds || 'order.simulated'::text; end if;
    if new.status = 'paid' then kinds := kinds || 'order.paid'::text; end if;
    if new.refund_due then kinds := kinds || 'order.refund_due'::text; end if;
  else
    if new.status = 'paid' and old.status <> 'paid' then kinds := kinds || 'order.paid'::text; end if;
    if new.certificate_mint is not null and old.certificate_mint is null and (was_paid or new.status <> 'paid') then
      kinds := kinds || 'order.certified'::text;
    end if;
    if new.status in ('shipped', 'delivered', 'refunded') and new.status <> old.status then
      kinds := kinds || ('order.' || new.status);
    end if;
    if new.refund_due and not old.refund_due then kinds := kinds || 'order.refund_due'::text; end if;
  end if;
  insert into public.order_events (order_id, type, channel, snapshot)
  select new.id, kind, channel, to_jsonb(new)
  from unnest(kinds) as kind cross join (values ('webhook'), ('email')) as channels (channel)
  on conflict (order_id, type, channel) do nothing;
  return null;
end
$$;

create trigger orders_record_events
after insert or update on public.orders
for each row execute function public.record_order_events();

-- Claims up to p_limit due events of the channels this instance sends, leasing them for
-- p_lease_seconds, in one statement: rows another instance is claiming are skipped, rows another
-- instance holds a live lease on are not due, so two instances never send one event at once.
create function public.claim_order_events(p_owner text, p_channels text[], p_limit integer, p_lease_seconds integer)
returns setof public.order_events
language sql volatile security invoker
as $$
  update public.order_events
  set lease_owner = p_owner,
      lease_until = clock_timestamp() + make_interval(secs => p_lease_seconds),
      attempts = attempts + 1
  where id in (
    select id from public.order_events
    where state = 'pending'
      and channel = any (p_channels)
      and next_attempt_at <= clock_timestamp()
      and (lease_until is null or lease_until < clock_timestamp())
    order by next_attempt_at, seq
    limit least(greatest(p_limit, 0), 100)
    for update skip locked
  )
  returning *
$$;

-- The outcome of one attempt, kept only if this instance still holds the lease: delivered,
-- failed for good, or due again in p_retry_seconds.
create function public.finish_order_event(
  p_id uuid,
  p_owner text,
  p_outcome text,
  p_status integer,
  p_error text,
  p_retry_seconds integer
)
returns setof public.order_events
language sql volatile security invoker
as $$
  update public.order_events
  set state = case p_outcome when 'delivered' then 'delivered' when 'failed' then 'failed' else 'pending' end,
      delivered_at = case when p_outcome = 'delivered' then clock_timestamp() end,
      next_attempt_at = case when p_outcome = 'retry'
        then clock_timestamp() + make_interval(secs => greatest(p_retry_seconds, 0)) else next_attempt_at end,
      last_status = p_status,
      last_error = left(p_error, 500),
      lease_owner = null,
      lease_until = null
  where id = p_id and lease_owner = p_owner and state = 'pending' and p_outcome in ('delivered', 'failed', 'retry')
  returning *
$$;

-- Due events of a channel that is switched off are not kept for later: turning the channel on
-- must not flood a receiver or a buyer with old news.
create function public.skip_order_events(p_channels text[])
returns setof public.order_events
language sql volatile security invoker
as $$
  update public.order_events
  set state = 'skipped', last_error = 'The channel is switched off'
  where state = 'pending' and channel = any (p_channels) and next_attempt_at <= clock_timestamp()
    and (lease_until is null or lease_until < clock_timestamp())
  returning *
$$;

-- The operator's Resend: a failed event, or one waiting for its next retry, is due now with a
-- fresh retry schedule. One in flight (leased) or already delivered is left alone.
create function public.resend_order_event(p_id uuid, p_order_id uuid)
returns setof public.order_events
language sql volatile security invoker
as $$
  update public.order_events
  set state = 'pending', attempts = 0, next_attempt_at = clock_timestamp(), lease_owner = null, lease_until = null
  where id = p_id and order_id = p_order_id
    and (state = 'failed' or (state = 'pending' and (lease_until is null or lease_until < clock_timestamp())))
  returning *
$$;

-- The orders among p_order_ids with an event that failed for good (the Orders view's flag).
create function public.orders_with_failed_events(p_order_ids uuid[])
returns table (order_id uuid)
language sql stable security invoker
as $$
  select distinct order_id from public.order_events where state = 'failed' and order_id = any (p_order_ids)
$$;

revoke execute on function public.record_order_events() from public, anon, authenticated;
revoke execute on function public.claim_order_events(text, text[], integer, integer) from public, anon, authenticated;
grant execute on function public.claim_order_events(text, text[], integer, integer) to service_role;
revoke execute on function public.finish_order_event(uuid, text, text, integer, text, integer) from public, anon, authenticated;
grant execute on function public.finish_order_event(uuid, text, text, integer, text, integer) to service_role;
revoke execute on function public.skip_order_events(text[]) from public, anon, authenticated;
grant execute on function public.skip_order_events(text[]) to service_role;
revoke execute on function public.resend_order_event(uuid, uuid) from public, anon, authenticated;
grant execute on function public.resend_order_event(uuid, uuid) to service_role;
revoke execute on function public.orders_with_failed_events(uuid[]) from public, anon, authenticated;
grant execute on function public.orders_with_failed_events(uuid[]) to service_role;
