-- One throttle for every limit the server keeps per key (issue 13): failed admin logins per
-- username and per client, and orders per client. It replaces admin_login_attempts, whose key
-- mixed the client address into the username's count, so a client that changed its address got a
-- fresh count for the same username.
--
-- A key may take p_limit hits per window; from the limit on, each further hit is allowed only
-- after a delay that doubles from p_base_delay_seconds up to p_max_delay_seconds. A request that
-- arrives during a delay is refused and not counted, so the delay is bounded and a patient
-- operator always gets through. The caller passes the time (p_now) so that tests can move it.

drop function public.admin_login_attempt(text, integer, integer);
drop function public.admin_login_clear(text);
drop table public.admin_login_attempts;

create table public.request_throttle (
  -- A hash of what is counted (a username, a client address) and what for: nothing in clear.
  key text primary key check (key ~ '^[0-9a-f]{64}$'),
  hits integer not null check (hits >= 0),
  window_started_at timestamptz not null,
  blocked_until timestamptz
);

create index request_throttle_expiry on public.request_throttle (window_started_at);

alter table public.request_throttle enable row level security;
revoke all on public.request_throttle from public, anon, authenticated;
grant all on public.request_throttle to service_role;

-- Takes one hit on every key, or none when any key is in its delay: then blocked, with the seconds
-- to wait. Rows whose window and delay are both over are removed on the way.
create function public.throttle_take(
  p_keys text[],
  p_limits integer[],
  p_window_seconds integer,
  p_base_delay_seconds integer,
  p_max_delay_seconds integer,
  p_now timestamptz
)
returns table (blocked boolean, retry_after_seconds integer)
language plpgsql volatile security invoker
as $$
declare
  v_window interval := make_interval(secs => p_window_seconds);
  v_wait interval;
begin
  if coalesce(array_length(p_keys, 1), 0) = 0 or array_length(p_keys, 1) <> array_length(p_limits, 1) then
    raise exception 'throttle_take: one limit per key';
  end if;

  delete from public.request_throttle
  where window_started_at <= p_now - v_window and coalesce(blocked_until, '-infinity') <= p_now;

  insert into public.request_throttle (key, hits, window_started_at)
  select k, 0, p_now from unnest(p_keys) as k
  on conflict (key) do nothing;

  -- Locks the rows in key order, so concurrent requests on the same keys queue instead of racing.
  perform 1 from public.request_throttle where key = any (p_keys) order by key for update;

  select max(t.blocked_until) - p_now into v_wait
  from public.request_throttle t
  where t.key = any (p_keys) and t.blocked_until > p_now;

  if v_wait is not null then
    return query select true, greatest(1, ceil(extract(epoch from v_wait)))::integer;
    return;
  end if;

  update public.request_throttle t set
    hits = case when t.window_started_at <= p_now - v_window then 1 else t.hits + 1 end,
    window_started_at = case when t.window_started_at <= p_now - v_window then p_now else t.window_started_at end
  where t.key = any (p_keys);

  update public.request_throttle t set
    blocked_until = p_now + make_interval(secs => least(
      p_max_delay_seconds::double precision,
      p_base_delay_seconds * power(2::double precision, t.hits - l.lim)
    ))
  from unnest(p_keys, p_limits) as l (k, lim)
  where t.key = l.k and t.hits >= l.lim;

  return query select false, 0;
end
$$;

-- Forgets the keys (after a successful login).
create function public.throttle_clear(p_keys text[])
returns table (cleared integer)
language sql volatile security invoker
as $$
  with gone as (delete from public.request_throttle where key = any (p_keys) returning 1)
  select count(*)::integer from gone
$$;

revoke execute on function public.throttle_take(text[], integer[], integer, integer, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.throttle_clear(text[]) from public, anon, authenticated;
grant execute on function public.throttle_take(text[], integer[], integer, integer, integer, timestamptz) to service_role;
grant execute on function public.throttle_clear(text[]) to service_role;
