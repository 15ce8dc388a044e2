-- Failed admin logins, counted per client and username (DESIGN: Admin and security). Held in the
-- database so that the limit holds however many server instances answer logins.
--
-- Every attempt is counted before the password is checked, and a success clears the count: the
-- count is then the failures in the window plus the attempt being made, so concurrent guesses
-- cannot all slip past a check made before they are recorded.

create table public.admin_login_attempts (
  -- A hash of the client address and the username: no address or name is stored in clear.
  key text primary key check (key ~ '^[0-9a-f]{64}$'),
  attempts integer not null check (attempts > 0),
  window_started_at timestamptz not null default now()
);

alter table public.admin_login_attempts enable row level security;
revoke all on public.admin_login_attempts from public, anon, authenticated;
grant all on public.admin_login_attempts to service_role;

-- Counts one attempt for the key in one statement and says whether it goes over the limit. A
-- window older than p_window_seconds starts again at this attempt.
create function public.admin_login_attempt(p_key text, p_limit integer, p_window_seconds integer)
returns table (blocked boolean)
language sql volatile security invoker
as $$
  insert into public.admin_login_attempts as current (key, attempts, window_started_at)
  values (p_key, 1, now())
  on conflict (key) do update set
    attempts = case
      when current.window_started_at <= now() - make_interval(secs => p_window_seconds) then 1
      else current.attempts + 1
    end,
    window_started_at = case
      when current.window_started_at <= now() - make_interval(secs => p_window_seconds) then now()
      else current.window_started_at
    end
  returning attempts > p_limit
$$;

create function public.admin_login_clear(p_key text)
returns table (cleared boolean)
language sql volatile security invoker
as $$
  delete from public.admin_login_attempts where key = p_key returning true
$$;

revoke execute on function public.admin_login_attempt(text, integer, integer) from public, anon, authenticated;
revoke execute on function public.admin_login_clear(text) from public, anon, authenticated;
grant execute on function public.admin_login_attempt(text, integer, integer) to service_role;
grant execute on function public.admin_login_clear(text) to service_role;
