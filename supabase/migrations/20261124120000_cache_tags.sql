-- When each cache tag was last revalidated, shared by every server instance (issue 23). An
-- instance keeps its catalogue reads and page renderings in its own memory; a catalogue write
-- records the tag here, and each instance reads this table (at most once a second, and only when a
-- request needs its cache) and treats everything it made before the tag's time as gone.
--
-- Times are the database's clock: instances compare their own clocks with it on each read, so a
-- server whose clock is off still judges its entries rightly. They are answered as milliseconds
-- since the epoch (double precision), the unit Next.js's cache handlers use.
--
-- A read answers the database's time with the table, and everything revalidated before that time
-- must be in it, or an instance would keep as current what was made before a write it has not
-- seen. A revalidation takes its time only once it holds a lock that reads wait for, and keeps it
-- until it commits: a read then either comes after the commit and sees it, or takes its time
-- before the revalidation takes its own. A read's time is taken once the clock has moved past the
-- moment it got the lock, so that it is later than any revalidation it sees even where the clock
-- counts whole milliseconds (PGlite).

create table public.cache_tags (
  -- Next.js's own limit on a tag's length.
  tag text primary key check (length(tag) between 1 and 256),
  -- Entries made before this are stale: served once more while they are made again.
  revalidated_at timestamptz not null,
  -- Entries made before this are gone (a revalidation with no time to expire, the shop's kind).
  expired_at timestamptz,
  -- A revalidation that lets entries expire later ('max'): from this time on, entries made before
  -- revalidated_at are gone too. A later such revalidation moves it, never earlier.
  expiry_due_at timestamptz
);

alter table public.cache_tags enable row level security;
revoke all on public.cache_tags from public, anon, authenticated;
grant all on public.cache_tags to service_role;

-- The whole table and the database's clock, in one row: what an instance refreshes from.
create function public.cache_tags_state()
returns table (database_now_ms double precision, tags jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_locked timestamptz;
  v_now timestamptz;
begin
  lock table public.cache_tags in share mode;
  v_locked := clock_timestamp();
  loop
    v_now := clock_timestamp();
    exit when v_now > v_locked;
  end loop;
  return query select
    extract(epoch from v_now)::double precision * 1000,
    coalesce(jsonb_agg(jsonb_build_object(
      'tag', t.tag,
      'revalidated_ms', extract(epoch from t.revalidated_at)::double precision * 1000,
      'expired_ms', extract(epoch from t.expired_at)::double precision * 1000,
      'expiry_due_ms', extract(epoch from t.expiry_due_at)::double precision * 1000
    )), '[]'::jsonb)
  from public.cache_tags t;
end
$$;

-- Records a revalidation of p_tags at the database's current time: entries made before it are gone
-- at once when p_expire_seconds is 0, else stale now and gone p_expire_seconds later. One
-- statement, so two instances revalidating at once each leave the later time. Answers the state
-- after it, as cache_tags_state does.
create function public.cache_tags_revalidate(p_tags text[], p_expire_seconds double precision)
returns table (database_now_ms double precision, tags jsonb)
language plpgsql volatile security invoker
as $$
declare
  v_now timestamptz;
begin
  if coalesce(array_length(p_tags, 1), 0) not between 1 and 64 then
    raise exception 'cache_tags_revalidate: between 1 and 64 tags' using errcode = '22023';
  end if;
  -- 'max' is a year; ten bound what a caller could ask for without overflowing a timestamp.
  if p_expire_seconds is null or p_expire_seconds < 0 or p_expire_seconds > 315360000 then
    raise exception 'cache_tags_revalidate: expire must be between 0 and 315360000 seconds' using errcode = '22023';
  end if;

  -- Conflicts with reads (share) and with other revalidations, which then queue.
  lock table public.cache_tags in share row exclusive mode;
  v_now := clock_timestamp();

  insert into public.cache_tags as t (tag, revalidated_at, expired_at, expiry_due_at)
  select distinct
    given.tag,
    v_now,
    case when p_expire_seconds = 0 then v_now end,
    case when p_expire_seconds > 0 then v_now + make_interval(secs => p_expire_seconds) end
  from unnest(p_tags) as given (tag)
  on conflict (tag) do update set
    revalidated_at = greatest(t.revalidated_at, excluded.revalidated_at),
    expired_at = greatest(t.expired_at, excluded.expired_at),
    expiry_due_at = greatest(t.expiry_due_at, excluded.expiry_due_at);

  return query select * from public.cache_tags_state();
end
$$;

revoke execute on function public.cache_tags_state() from public, anon, authenticated;
revoke execute on function public.cache_tags_revalidate(text[], double precision) from public, anon, authenticated;
grant execute on function public.cache_tags_state() to service_role;
grant execute on function public.cache_tags_revalidate(text[], double precision) to service_role;
