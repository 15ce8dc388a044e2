-- Issue 35: an attempt may end with the message not sent by the shop's own rule (an e-mail for a
-- simulated order while those are off): the event is then skipped, with the reason kept for the
-- operator, instead of failed (which flags the order) or retried (which would send it later).
create or replace function public.finish_order_event(
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
  set state = case p_outcome when 'delivered' then 'delivered' when 'failed' then 'failed' when 'skipped' then 'skipped' else 'pending' end,
      delivered_at = case when p_outcome = 'delivered' then clock_timestamp() end,
      next_attempt_at = case when p_outcome = 'retry'
        then clock_timestamp() + make_interval(secs => greatest(p_retry_seconds, 0)) else next_attempt_at end,
      last_status = p_status,
      last_error = left(p_error, 500),
      lease_owner = null,
      lease_until = null
  where id = p_id and lease_owner = p_owner and state = 'pending' and p_outcome in ('delivered', 'failed', 'retry', 'skipped')
  returning *
$$;
