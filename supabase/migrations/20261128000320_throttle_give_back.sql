-- Issue 47: the admin login counts per client address across usernames, and every attempt is
-- counted before the password is checked (so parallel guesses cannot all slip through). A
-- successful sign-in used to clear the address's count, so anyone with an account could reset it
-- between guesses at others'; not clearing it would count staff's own sign-ins against their
-- office's address. Instead a success gives its own hit back: the address's count is its failures.

-- Takes one hit back from each key (never below none); a key back under its limit leaves its delay.
create function public.throttle_give_back(p_keys text[], p_limits integer[])
returns table (given_back integer)
language sql volatile security invoker
as $$
  with given as (
    update public.request_throttle t set
      hits = greatest(t.hits - 1, 0),
      blocked_until = case when greatest(t.hits - 1, 0) < l.lim then null else t.blocked_until end
    from unnest(p_keys, p_limits) as l (k, lim)
    where t.key = l.k and t.hits > 0
    returning 1
  )
  select count(*)::integer from given
$$;

revoke execute on function public.throttle_give_back(text[], integer[]) from public, anon, authenticated;
grant execute on function public.throttle_give_back(text[], integer[]) to service_role;
