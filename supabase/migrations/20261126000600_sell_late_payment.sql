-- Issue 35: a late payment never sells on its own (20261126000400_late_payments.sql), but the
-- operator may still sell it by hand from the order: a move from 'expired' (a refund due, its
-- transaction recorded) to 'paid', under the watch's row lock, only while a piece is free, taking
-- that piece as a sale in time would. The order history records who did it. With no piece free the
-- order is answered unchanged, so the caller can tell that from a move lost to a race (no row).
-- Every other move is as before.
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
    if not found or v_order.status <> 'expired' or not v_order.refund_due or v_order.tx_hash is null then return; end if;
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
      returning *
    ), recorded as (
      insert into public.order_history (order_id, actor, from_status, to_status, tracking_reference, note)
      select id, p_actor, p_from, p_to, case when p_to = 'shipped' then p_tracking end, case when p_to = 'refunded' then p_note end
      from moved
    )
    select * from moved;
end
$$;
