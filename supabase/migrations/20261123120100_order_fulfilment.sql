-- Fulfilment (issue 14): the operator moves an order forward, paid -> shipped (with a carrier's
-- tracking reference) -> delivered, or refunds it with a note; every move is kept in a history.
-- docs/orders.md says which moves exist and why.

alter table public.orders drop constraint orders_status_check;

alter table public.orders
  add constraint orders_status_check
    check (status in ('simulated', 'pending', 'paid', 'expired', 'failed', 'shipped', 'delivered', 'refunded', 'cancelled')),
  -- The same rules as lib/orders/fulfilment-schema.ts, so nothing the server accepts is refused here.
  add column tracking_reference text
    check (tracking_reference ~ '^[A-Za-z0-9][A-Za-z0-9 ./-]{2,58}[A-Za-z0-9]$'),
  add column refund_note text
    check (length(refund_note) between 1 and 500 and refund_note !~ '[[:cntrl:]]'),
  add constraint orders_shipped_has_tracking
    check (status not in ('shipped', 'delivered') or tracking_reference is not null),
  add constraint orders_refunded_has_note check (status <> 'refunded' or refund_note is not null);

-- Who moved an order, when, from what to what, with the tracking reference or note of that move.
create table public.order_history (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  -- clock_timestamp, not now(): two moves in one transaction still sort in the order they happened.
  created_at timestamptz not null default clock_timestamp(),
  actor text not null check (length(actor) between 1 and 200),
  from_status text not null,
  to_status text not null,
  tracking_reference text,
  note text
);

create index order_history_order_idx on public.order_history (order_id, created_at);

alter table public.order_history enable row level security;
revoke all on public.order_history from anon, authenticated;
grant all on public.order_history to service_role;

-- The admin list's filters: status, and a case-insensitive text found in the buyer's name, e-mail
-- or the transaction signature.
create index orders_status_created_idx on public.orders (status, created_at desc);

-- One move, as one statement: the order changes only if it is still in p_from and the move is one
-- the shop allows, so of two operators racing, exactly one wins; the history row is written by the
-- same statement, so a move is never without its record. No row back: the move was refused.
create function public.move_order(
  p_id uuid,
  p_from text,
  p_to text,
  p_actor text,
  p_tracking text,
  p_note text
)
returns setof public.orders
language sql volatile security invoker
as $$
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
    returning *
  ), recorded as (
    insert into public.order_history (order_id, actor, from_status, to_status, tracking_reference, note)
    select id, p_actor, p_from, p_to, case when p_to = 'shipped' then p_tracking end, case when p_to = 'refunded' then p_note end
    from moved
  )
  select * from moved
$$;

-- A page of the admin list, newest first: p_status null for every status, p_query null or a text
-- the name, e-mail or signature contains (position(), not LIKE, so % and _ are plain characters).
create function public.search_orders(p_status text, p_query text, p_limit integer, p_offset integer)
returns setof public.orders
language sql stable security invoker
as $$
  select *
  from public.orders
  where (p_status is null or status = p_status)
    and (p_query is null
      or position(lower(p_query) in lower(name)) > 0
      or position(lower(p_query) in lower(email)) > 0
      or position(lower(p_query) in lower(coalesce(tx_hash, ''))) > 0)
  order by created_at desc, id
  limit least(greatest(p_limit, 0), 1000) offset greatest(p_offset, 0)
$$;

revoke execute on function public.move_order(uuid, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.move_order(uuid, text, text, text, text, text) to service_role;
revoke execute on function public.search_orders(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.search_orders(text, text, integer, integer) to service_role;
