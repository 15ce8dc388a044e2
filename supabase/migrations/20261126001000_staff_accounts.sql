-- Issue 36: the back office's people. Staff accounts with a role, sessions kept on the server (so
-- that one can be ended), and an append-only audit trail of every admin write.

create table public.staff (
  id uuid primary key default gen_random_uuid(),
  -- What the member types at the login: kept trimmed and in lower case, so it is matched as typed.
  username text not null check (username = lower(btrim(username)) and length(username) between 1 and 254),
  name text not null check (length(btrim(name)) between 1 and 100),
  email text check (length(email) <= 254),
  role text not null check (role in ('owner', 'catalogue', 'fulfilment')),
  password_hash text check (length(password_hash) <= 300),
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

create unique index staff_username_key on public.staff (username);

create table public.staff_sessions (
  -- The SHA-256 of the token in the member's cookie: a stolen copy of this table signs no one in.
  id text primary key check (id ~ '^[A-Za-z0-9_-]{43}$'),
  staff_id uuid not null references public.staff (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  device text not null default '' check (length(device) <= 300),
  address text check (length(address) <= 100),
  ended_at timestamptz,
  ended_reason text check (length(ended_reason) <= 100)
);

create index staff_sessions_staff_idx on public.staff_sessions (staff_id, created_at desc);

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  -- Null for a failed sign-in, where `actor` is the username typed. No foreign key: the trail
  -- outlives whatever it names.
  actor_id uuid,
  actor text not null check (length(actor) <= 254),
  address text check (length(address) <= 100),
  kind text not null check (kind ~ '^[a-z_]+\.[a-z_-]+$'),
  -- What was changed, as `watch:<id>`, `order:<id>` or `staff:<id>`.
  subject text check (length(subject) <= 100),
  before jsonb,
  after jsonb
);

create index audit_log_at_idx on public.audit_log (id desc);
create index audit_log_actor_idx on public.audit_log (actor_id, id desc);
create index audit_log_kind_idx on public.audit_log (kind, id desc);
create index audit_log_subject_idx on public.audit_log (subject, id desc);

alter table public.staff enable row level security;
alter table public.staff_sessions enable row level security;
alter table public.audit_log enable row level security;
revoke all on public.staff, public.staff_sessions, public.audit_log from public, anon, authenticated, service_role;
grant select, insert, update on public.staff, public.staff_sessions to service_role;
-- The application may add to the trail and read it, never change or remove a line of it.
grant select, insert on public.audit_log to service_role;

-- Refused for every role, the owner of the table included: the grants above keep the application
-- out, this keeps out a function that would run with more rights.
create function public.audit_log_is_append_only()
returns trigger
language plpgsql
as $$
begin
  raise exception 'The audit trail is append-only: its lines cannot be changed or removed'
    using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_append_only before update or delete on public.audit_log
  for each statement execute function public.audit_log_is_append_only();
create trigger audit_log_no_truncate before truncate on public.audit_log
  for each statement execute function public.audit_log_is_append_only();

-- Who is writing: set by the server for the length of one admin request's transaction, as
-- `orx.actor` on the embedded database and as the `x-orx-actor` header of a REST call on Supabase
-- (PostgREST gives each request's headers to SQL as `request.headers`). Base64 of a JSON object
-- {id, name, address}; null outside an admin request (a buyer, the worker), whose writes are not
-- the trail's.
create function public.audit_actor()
returns jsonb
language plpgsql stable
as $$
declare
  encoded text := coalesce(
    nullif(current_setting('orx.actor', true), ''),
    nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-orx-actor'
  );
begin
  if encoded is null then
    return null;
  end if;
  return convert_from(decode(encoded, 'base64'), 'UTF8')::jsonb;
end
$$;

-- One line of the trail for a row an admin request inserted, changed or deleted. TG_ARGV[0] is the
-- line's kind before the dot (`watch` → `watch.create`, `watch.update`, `watch.delete`), TG_ARGV[1]
-- the subject's kind and TG_ARGV[2] the column holding its id. Before and after hold the columns
-- that changed (every column for an insert or a delete), less those named `-column` further on
-- (derived ones), and with those named `*column` shown as "changed" only (secrets).
create function public.audit_row_change()
returns trigger
language plpgsql
as $$
declare
  actor jsonb := public.audit_actor();
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  options text[] := tg_argv[3:];
  before_part jsonb;
  after_part jsonb;
begin
  if actor is null then
    return null;
  end if;
  select jsonb_object_agg(key, case when '*' || key = any (options) then to_jsonb('changed'::text) else old_row -> key end)
           filter (where old_row ? key),
         jsonb_object_agg(key, case when '*' || key = any (options) then to_jsonb('changed'::text) else new_row -> key end)
           filter (where new_row ? key)
  into before_part, after_part
  from jsonb_object_keys(coalesce(new_row, old_row)) as key
  where '-' || key <> all (options)
    and (tg_op <> 'UPDATE' or old_row -> key is distinct from new_row -> key);
  if tg_op = 'UPDATE' and before_part is null then
    return null;
  end if;
  insert into public.audit_log (actor_id, actor, address, kind, subject, before, after)
  values (
    (actor ->> 'id')::uuid,
    left(coalesce(actor ->> 'name', 'unknown'), 254),
    left(actor ->> 'address', 100),
    tg_argv[0] || '.' || case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    tg_argv[1] || ':' || (coalesce(new_row, old_row) ->> tg_argv[2]),
    before_part,
    after_part
  );
  return null;
end
$$;

create trigger watches_audit after insert or update or delete on public.watches
  for each row execute function public.audit_row_change(
    'watch', 'watch', 'id', '-available', '-search_text', '-model_text', '-brand_text', '-special_edition', '-crypto_edition'
  );
create trigger orders_audit after update on public.orders
  for each row execute function public.audit_row_change('order', 'order', 'id', '-wallet_proven');
create trigger order_events_audit after update on public.order_events
  for each row execute function public.audit_row_change('order_event', 'order', 'order_id', '-lease_owner', '-lease_until');
create trigger staff_audit after insert or update on public.staff
  for each row execute function public.audit_row_change('staff', 'staff', 'id', '*password_hash');
create trigger staff_sessions_audit after update on public.staff_sessions
  for each row execute function public.audit_row_change(
    'session', 'staff', 'staff_id', '-id', '-last_seen_at', '-second_factor_at', '-challenge', '-pending_totp_secret'
  );

-- A line the server writes itself: a sign-in that failed, an export, a photo uploaded.
create function public.append_audit(
  p_actor_id uuid,
  p_actor text,
  p_address text,
  p_kind text,
  p_subject text,
  p_after jsonb
)
returns setof public.audit_log
language sql volatile security invoker
as $$
  insert into public.audit_log (actor_id, actor, address, kind, subject, after)
  values (p_actor_id, left(p_actor, 254), left(p_address, 100), p_kind, p_subject, p_after)
  returning *
$$;

-- A page of the trail, newest first, after the line p_before (null: from the newest).
create function public.audit_page(p_actor_id uuid, p_kind text, p_subject text, p_before bigint, p_limit integer)
returns setof public.audit_log
language sql stable security invoker
as $$
  select * from public.audit_log
  where (p_actor_id is null or actor_id = p_actor_id)
    and (p_kind is null or kind = p_kind or kind like p_kind || '.%')
    and (p_subject is null or subject = p_subject)
    and (p_before is null or id < p_before)
  order by id desc
  limit least(greatest(p_limit, 1), 500)
$$;

-- The owner from the environment (ADMIN_USERNAME, ADMIN_PASSWORD_HASH), made once: while the shop
-- has no owner. Two servers starting at once make one.
create function public.ensure_owner(p_username text, p_password_hash text)
returns setof public.staff
language sql volatile security invoker
as $$
  insert into public.staff (username, name, role, password_hash)
  select lower(btrim(p_username)), btrim(p_username), 'owner', p_password_hash
  where not exists (select 1 from public.staff where role = 'owner')
  on conflict (username) do nothing
  returning *
$$;

create function public.staff_by_username(p_username text)
returns setof public.staff
language sql stable security invoker
as $$
  select * from public.staff where username = lower(btrim(p_username))
$$;

-- A sign-in: its session, for an account that is not disabled, and its line in the trail.
create function public.start_staff_session(
  p_id text,
  p_staff_id uuid,
  p_now timestamptz,
  p_expires_at timestamptz,
  p_device text,
  p_address text
)
returns setof public.staff_sessions
language sql volatile security invoker
as $$
  with added as (
    insert into public.staff_sessions (id, staff_id, created_at, last_seen_at, expires_at, device, address)
    select p_id, id, p_now, p_now, p_expires_at, left(coalesce(p_device, ''), 300), left(p_address, 100)
    from public.staff where id = p_staff_id and disabled_at is null
    returning *
  ),
  logged as (
    insert into public.audit_log (actor_id, actor, address, kind, subject, after)
    select s.id, s.name, left(p_address, 100), 'staff.sign-in', 'staff:' || s.id, jsonb_build_object('device', added.device)
    from added join public.staff s on s.id = added.staff_id
  )
  select * from added
$$;

-- A member's sessions, newest first, with whether each is still open at p_now.
create function public.staff_sessions_of(p_staff_id uuid, p_now timestamptz, p_idle_seconds integer)
returns table (
  session_id text,
  created_at timestamptz,
  last_seen_at timestamptz,
  expires_at timestamptz,
  device text,
  address text,
  open boolean
)
language sql stable security invoker
as $$
  select id, created_at, last_seen_at, expires_at, device, address,
         ended_at is null and p_now < expires_at and p_now < last_seen_at + make_interval(secs => p_idle_seconds)
  from public.staff_sessions
  where staff_id = p_staff_id
  order by created_at desc
  limit 50
$$;

-- Ends a member's sessions: one (p_session_id) or all of them (p_session_id null). A sign-out names
-- its session only (p_staff_id null). Answers how many ended.
create function public.end_staff_sessions(p_staff_id uuid, p_session_id text, p_reason text)
returns table (ended integer)
language sql volatile security invoker
as $$
  with ended as (
    update public.staff_sessions
    set ended_at = clock_timestamp(), ended_reason = left(p_reason, 100)
    where ended_at is null
      and (p_staff_id is not null or p_session_id is not null)
      and (p_staff_id is null or staff_id = p_staff_id)
      and (p_session_id is null or id = p_session_id)
    returning 1
  )
  select count(*)::integer from ended
$$;

-- A new password ends every session of the account, in the same statement.
create function public.set_staff_password(p_staff_id uuid, p_password_hash text)
returns table (changed integer)
language sql volatile security invoker
as $$
  with changed as (
    update public.staff set password_hash = p_password_hash where id = p_staff_id returning id
  ),
  ended as (
    update public.staff_sessions
    set ended_at = clock_timestamp(), ended_reason = 'password changed'
    where staff_id in (select id from changed) and ended_at is null
  )
  select count(*)::integer from changed
$$;

-- The owner's invitations: one link per new member, used once, within 48 hours. The database keeps
-- the SHA-256 of the link's token; the link itself is shown once.
create table public.staff_invitations (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{43}$'),
  staff_id uuid not null references public.staff (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create index staff_invitations_staff_idx on public.staff_invitations (staff_id);

alter table public.staff_invitations enable row level security;
revoke all on public.staff_invitations from public, anon, authenticated, service_role;
grant select, insert, update on public.staff_invitations to service_role;

-- Every member, owners first, then by name; with their last sign-in and open invitation.
create function public.staff_list(p_now timestamptz)
returns table (
  id uuid,
  username text,
  name text,
  email text,
  role text,
  created_at timestamptz,
  disabled_at timestamptz,
  has_password boolean,
  last_sign_in_at timestamptz,
  invitation_expires_at timestamptz
)
language sql stable security invoker
as $$
  select s.id, s.username, s.name, s.email, s.role, s.created_at, s.disabled_at, s.password_hash is not null,
         (select max(ss.created_at) from public.staff_sessions ss where ss.staff_id = s.id),
         (select max(i.expires_at) from public.staff_invitations i where i.staff_id = s.id and i.used_at is null and i.expires_at > p_now)
  from public.staff s
  order by s.role <> 'owner', lower(s.name), s.id
$$;

-- A new member, with no password yet, and the invitation that lets them choose one. A username (the
-- e-mail) already taken invites no one.
create function public.invite_staff(
  p_invitation_id text,
  p_name text,
  p_email text,
  p_role text,
  p_now timestamptz,
  p_expires_at timestamptz
)
returns setof public.staff
language sql volatile security invoker
as $$
  with added as (
    insert into public.staff (username, name, email, role, created_at)
    values (lower(btrim(p_email)), btrim(p_name), btrim(p_email), p_role, p_now)
    on conflict (username) do nothing
    returning *
  ),
  invited as (
    insert into public.staff_invitations (id, staff_id, created_at, expires_at)
    select p_invitation_id, id, p_now, p_expires_at from added
  )
  select * from added
$$;

-- A new link for a member who has not accepted yet: the old ones stop working.
create function public.reinvite_staff(p_staff_id uuid, p_invitation_id text, p_now timestamptz, p_expires_at timestamptz)
returns table (invited boolean)
language sql volatile security invoker
as $$
  with member as (
    select id from public.staff where id = p_staff_id and password_hash is null and disabled_at is null
  ),
  retired as (
    update public.staff_invitations set used_at = p_now where staff_id in (select id from member) and used_at is null
  ),
  added as (
    insert into public.staff_invitations (id, staff_id, created_at, expires_at)
    select p_invitation_id, id, p_now, p_expires_at from member
    returning 1
  )
  select exists (select 1 from added)
$$;

-- The invitation behind a link, if it can still be used: who it is for.
create function public.staff_invitation(p_id text, p_now timestamptz)
returns table (staff_id uuid, name text, username text, role text)
language sql stable security invoker
as $$
  select s.id, s.name, s.username, s.role
  from public.staff_invitations i join public.staff s on s.id = i.staff_id
  where i.id = p_id and i.used_at is null and i.expires_at > p_now and s.disabled_at is null
$$;

-- Uses an invitation up and sets the member's password, in one statement: of two uses of one link,
-- one sets it.
create function public.accept_staff_invitation(p_id text, p_password_hash text, p_now timestamptz)
returns table (staff_id uuid, username text)
language sql volatile security invoker
as $$
  with used as (
    update public.staff_invitations i
    set used_at = p_now
    from public.staff s
    where i.id = p_id and s.id = i.staff_id and i.used_at is null and i.expires_at > p_now and s.disabled_at is null
    returning i.staff_id
  )
  update public.staff s set password_hash = p_password_hash
  from used where s.id = used.staff_id
  returning s.id, s.username
$$;

-- The owner changes a member's role, or disables or enables them. Disabling ends every session of
-- the member. The shop always keeps one owner who can sign in: the change that would leave none is
-- refused ('last-owner'), checked under a lock on the owners' rows, so two owners demoting each
-- other at once cannot both succeed.
create function public.update_staff(p_staff_id uuid, p_role text, p_disabled boolean, p_now timestamptz)
returns table (outcome text)
language plpgsql volatile security invoker
as $$
declare
  target public.staff;
begin
  perform 1 from public.staff where role = 'owner' and disabled_at is null for update;
  select * into target from public.staff where id = p_staff_id for update;
  if target.id is null then
    return query select 'not-found';
    return;
  end if;
  if target.role = 'owner' and target.disabled_at is null
     and (coalesce(p_role, 'owner') <> 'owner' or coalesce(p_disabled, false))
     and (select count(*) from public.staff where role = 'owner' and disabled_at is null) = 1 then
    return query select 'last-owner';
    return;
  end if;
  update public.staff
  set role = coalesce(p_role, role),
      disabled_at = case when p_disabled is null then disabled_at when p_disabled then coalesce(disabled_at, p_now) end
  where id = p_staff_id;
  if coalesce(p_disabled, false) then
    update public.staff_sessions set ended_at = clock_timestamp(), ended_reason = 'account disabled'
    where staff_id = p_staff_id and ended_at is null;
  end if;
  return query select 'updated';
end
$$;

-- Second factors: a session signed in with the password alone reaches nothing but the second factor
-- (second_factor_at null). Each use of a factor stamps the session; the routes that need it again
-- (step-up) compare that stamp with the time.
alter table public.staff_sessions
  add column second_factor_at timestamptz,
  -- A WebAuthn challenge in flight, single use; an authenticator app's secret being set up.
  add column challenge text check (length(challenge) <= 200),
  add column pending_totp_secret text check (length(pending_totp_secret) <= 300);

create table public.staff_factors (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff (id) on delete cascade,
  kind text not null check (kind in ('totp', 'passkey')),
  label text not null check (length(label) between 1 and 100),
  -- An authenticator app: its secret, sealed by the server, and the last time step used (RFC 6238
  -- §5.2: a code is accepted once).
  totp_secret text check (length(totp_secret) <= 300),
  totp_last_step bigint,
  -- A passkey: its credential id and public key (base64url), and the authenticator's counter.
  credential_id text unique check (length(credential_id) <= 1400),
  public_key text check (length(public_key) <= 2000),
  counter bigint not null default 0 check (counter >= 0),
  transports text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  check ((kind = 'totp') = (totp_secret is not null)),
  check ((kind = 'passkey') = (credential_id is not null and public_key is not null))
);

create index staff_factors_staff_idx on public.staff_factors (staff_id);
-- One authenticator app per member: setting up another replaces it.
create unique index staff_factors_one_totp on public.staff_factors (staff_id) where kind = 'totp';

create table public.staff_recovery_codes (
  staff_id uuid not null references public.staff (id) on delete cascade,
  -- The SHA-256 of the code: each code is 50 random bits, used once.
  code_hash text not null check (code_hash ~ '^[A-Za-z0-9_-]{43}$'),
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

alter table public.staff_factors enable row level security;
alter table public.staff_recovery_codes enable row level security;
revoke all on public.staff_factors, public.staff_recovery_codes from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.staff_factors, public.staff_recovery_codes to service_role;

create trigger staff_factors_audit after insert or update or delete on public.staff_factors
  for each row execute function public.audit_row_change(
    'factor', 'staff', 'staff_id', '*totp_secret', '-totp_last_step', '-public_key', '-counter', '-last_used_at'
  );

-- The session behind a cookie, if it still holds: not ended, not past its end, used within the idle
-- limit, its account not disabled. Using it moves its idle limit on. It answers whether the second
-- factor was given, and what the session is in the middle of.
create function public.touch_staff_session(p_id text, p_now timestamptz, p_idle_seconds integer)
returns table (
  session_id text,
  staff_id uuid,
  username text,
  name text,
  role text,
  created_at timestamptz,
  expires_at timestamptz,
  second_factor_at timestamptz,
  challenge text,
  pending_totp_secret text
)
language sql volatile security invoker
as $$
  update public.staff_sessions ss
  set last_seen_at = greatest(ss.last_seen_at, p_now)
  from public.staff s
  where ss.id = p_id
    and s.id = ss.staff_id
    and s.disabled_at is null
    and ss.ended_at is null
    and p_now < ss.expires_at
    and p_now < ss.last_seen_at + make_interval(secs => p_idle_seconds)
  returning ss.id, s.id, s.username, s.name, s.role, ss.created_at, ss.expires_at, ss.second_factor_at, ss.challenge, ss.pending_totp_secret
$$;

create function public.staff_factors_of(p_staff_id uuid)
returns setof public.staff_factors
language sql stable security invoker
as $$
  select * from public.staff_factors where staff_id = p_staff_id order by created_at, id
$$;

-- What the session is doing: a WebAuthn challenge in flight, or an app being set up.
create function public.set_session_pending(p_session_id text, p_challenge text, p_pending_totp_secret text)
returns table (updated boolean)
language sql volatile security invoker
as $$
  with changed as (
    update public.staff_sessions set challenge = p_challenge, pending_totp_secret = p_pending_totp_secret
    where id = p_session_id and ended_at is null
    returning 1
  )
  select exists (select 1 from changed)
$$;

-- The session's challenge, used up: a response can be checked against it once.
create function public.take_session_challenge(p_session_id text)
returns table (challenge text)
language sql volatile security invoker
as $$
  update public.staff_sessions ss set challenge = null
  from (select id, challenge from public.staff_sessions where id = p_session_id and ended_at is null for update) old
  where ss.id = old.id
  returning old.challenge
$$;

-- The second factor was given now: the session reaches the panel, and the step-up clock restarts.
create function public.mark_second_factor(p_session_id text, p_now timestamptz)
returns table (updated boolean)
language sql volatile security invoker
as $$
  with changed as (
    update public.staff_sessions set second_factor_at = p_now, challenge = null
    where id = p_session_id and ended_at is null
    returning 1
  )
  select exists (select 1 from changed)
$$;

-- A code from the member's app, for time step p_step: accepted once, and never one older than the
-- last accepted (RFC 6238 §5.2), in one statement, so two requests with one code cannot both pass.
create function public.use_totp_step(p_factor_id uuid, p_step bigint, p_now timestamptz)
returns table (used boolean)
language sql volatile security invoker
as $$
  with changed as (
    update public.staff_factors set totp_last_step = p_step, last_used_at = p_now
    where id = p_factor_id and kind = 'totp' and (totp_last_step is null or totp_last_step < p_step)
    returning 1
  )
  select exists (select 1 from changed)
$$;

-- A passkey's use: its counter must move on (a cloned authenticator's would fall behind), unless
-- the authenticator keeps none (0, as synced passkeys do).
create function public.use_passkey(p_factor_id uuid, p_counter bigint, p_now timestamptz)
returns table (used boolean)
language sql volatile security invoker
as $$
  with changed as (
    update public.staff_factors set counter = p_counter, last_used_at = p_now
    where id = p_factor_id and kind = 'passkey' and ((p_counter = 0 and counter = 0) or p_counter > counter)
    returning 1
  )
  select exists (select 1 from changed)
$$;

-- A new factor. The member's other sessions end (their factors changed), not this one, which has
-- given it. An app replaces the member's earlier app: one statement after the other, since in a
-- single statement the insert would still meet the app being deleted.
create function public.add_staff_factor(
  p_staff_id uuid,
  p_session_id text,
  p_kind text,
  p_label text,
  p_totp_secret text,
  p_credential_id text,
  p_public_key text,
  p_counter bigint,
  p_transports text[],
  p_now timestamptz
)
returns setof public.staff_factors
language plpgsql volatile security invoker
as $$
declare
  added public.staff_factors;
begin
  if p_kind = 'totp' then
    delete from public.staff_factors where staff_id = p_staff_id and kind = 'totp';
  end if;
  insert into public.staff_factors (staff_id, kind, label, totp_secret, credential_id, public_key, counter, transports, last_used_at)
  values (p_staff_id, p_kind, p_label, p_totp_secret, p_credential_id, p_public_key, coalesce(p_counter, 0), coalesce(p_transports, '{}'), p_now)
  on conflict do nothing
  returning * into added;
  if added.id is null then
    return;
  end if;
  update public.staff_sessions set ended_at = clock_timestamp(), ended_reason = 'second factors changed'
  where staff_id = p_staff_id and id <> p_session_id and ended_at is null;
  update public.staff_sessions set pending_totp_secret = null, second_factor_at = p_now where id = p_session_id;
  return next added;
end
$$;

-- Removes a factor, keeping at least one; the member's other sessions end. The member's factors
-- are locked first, so two removals at the same moment cannot leave none.
create function public.remove_staff_factor(p_staff_id uuid, p_session_id text, p_factor_id uuid)
returns table (removed boolean)
language plpgsql volatile security invoker
as $$
begin
  perform 1 from public.staff_factors where staff_id = p_staff_id for update;
  if (select count(*) from public.staff_factors where staff_id = p_staff_id) < 2 then
    return query select false;
    return;
  end if;
  delete from public.staff_factors where id = p_factor_id and staff_id = p_staff_id;
  if not found then
    return query select false;
    return;
  end if;
  update public.staff_sessions set ended_at = clock_timestamp(), ended_reason = 'second factors changed'
  where staff_id = p_staff_id and id <> p_session_id and ended_at is null;
  return query select true;
end
$$;

-- Ten new recovery codes replace the member's earlier ones, used or not.
create function public.replace_recovery_codes(p_staff_id uuid, p_code_hashes text[])
returns table (stored integer)
language sql volatile security invoker
as $$
  with cleared as (
    delete from public.staff_recovery_codes where staff_id = p_staff_id
  ),
  added as (
    insert into public.staff_recovery_codes (staff_id, code_hash)
    select p_staff_id, hash from unnest(p_code_hashes) as hash
    returning 1
  )
  select count(*)::integer from added
$$;

-- A recovery code, used up: true once.
create function public.use_recovery_code(p_staff_id uuid, p_code_hash text, p_now timestamptz)
returns table (used boolean, left_over integer)
language sql volatile security invoker
as $$
  with used as (
    update public.staff_recovery_codes set used_at = p_now
    where staff_id = p_staff_id and code_hash = p_code_hash and used_at is null
    returning 1
  )
  select exists (select 1 from used),
         (select count(*)::integer from public.staff_recovery_codes where staff_id = p_staff_id and used_at is null) - (select count(*)::integer from used)
$$;

create function public.recovery_codes_left(p_staff_id uuid)
returns table (left_over integer)
language sql stable security invoker
as $$
  select count(*)::integer from public.staff_recovery_codes where staff_id = p_staff_id and used_at is null
$$;

-- The buyers' Sign-In With Solana sessions, kept on the server like the staff's: Disconnect ends the
-- row, not only the cookie, so a copied cookie stops working too. Named by the SHA-256 of the token
-- the cookie seals.
create table public.wallet_sessions (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{43}$'),
  wallet text not null check (wallet ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz
);

create index wallet_sessions_expiry_idx on public.wallet_sessions (expires_at);

alter table public.wallet_sessions enable row level security;
revoke all on public.wallet_sessions from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.wallet_sessions to service_role;

-- A new session; those past their end for a day are removed on the way.
create function public.start_wallet_session(p_id text, p_wallet text, p_now timestamptz, p_expires_at timestamptz)
returns table (started boolean)
language sql volatile security invoker
as $$
  with expired as (delete from public.wallet_sessions where expires_at < p_now - interval '1 day'),
  added as (
    insert into public.wallet_sessions (id, wallet, created_at, expires_at) values (p_id, p_wallet, p_now, p_expires_at) returning 1
  )
  select exists (select 1 from added)
$$;

create function public.wallet_of_session(p_id text, p_now timestamptz)
returns table (wallet text)
language sql stable security invoker
as $$
  select wallet from public.wallet_sessions where id = p_id and ended_at is null and p_now < expires_at
$$;

create function public.end_wallet_session(p_id text)
returns table (ended boolean)
language sql volatile security invoker
as $$
  with ended as (update public.wallet_sessions set ended_at = clock_timestamp() where id = p_id and ended_at is null returning 1)
  select exists (select 1 from ended)
$$;

revoke execute on function public.audit_actor() from public, anon, authenticated;
revoke execute on function public.append_audit(uuid, text, text, text, text, jsonb) from public, anon, authenticated;
revoke execute on function public.audit_page(uuid, text, text, bigint, integer) from public, anon, authenticated;
revoke execute on function public.ensure_owner(text, text) from public, anon, authenticated;
revoke execute on function public.staff_by_username(text) from public, anon, authenticated;
revoke execute on function public.start_staff_session(text, uuid, timestamptz, timestamptz, text, text) from public, anon, authenticated;
revoke execute on function public.touch_staff_session(text, timestamptz, integer) from public, anon, authenticated;
revoke execute on function public.staff_sessions_of(uuid, timestamptz, integer) from public, anon, authenticated;
revoke execute on function public.end_staff_sessions(uuid, text, text) from public, anon, authenticated;
revoke execute on function public.set_staff_password(uuid, text) from public, anon, authenticated;
grant execute on function public.audit_actor() to service_role;
grant execute on function public.append_audit(uuid, text, text, text, text, jsonb) to service_role;
grant execute on function public.audit_page(uuid, text, text, bigint, integer) to service_role;
grant execute on function public.ensure_owner(text, text) to service_role;
grant execute on function public.staff_by_username(text) to service_role;
grant execute on function public.start_staff_session(text, uuid, timestamptz, timestamptz, text, text) to service_role;
grant execute on function public.touch_staff_session(text, timestamptz, integer) to service_role;
grant execute on function public.staff_sessions_of(uuid, timestamptz, integer) to service_role;
grant execute on function public.end_staff_sessions(uuid, text, text) to service_role;
grant execute on function public.set_staff_password(uuid, text) to service_role;
revoke execute on function public.staff_list(timestamptz) from public, anon, authenticated;
revoke execute on function public.invite_staff(text, text, text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke execute on function public.reinvite_staff(uuid, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke execute on function public.staff_invitation(text, timestamptz) from public, anon, authenticated;
revoke execute on function public.accept_staff_invitation(text, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.update_staff(uuid, text, boolean, timestamptz) from public, anon, authenticated;
grant execute on function public.staff_list(timestamptz) to service_role;
grant execute on function public.invite_staff(text, text, text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.reinvite_staff(uuid, text, timestamptz, timestamptz) to service_role;
grant execute on function public.staff_invitation(text, timestamptz) to service_role;
grant execute on function public.accept_staff_invitation(text, text, timestamptz) to service_role;
grant execute on function public.update_staff(uuid, text, boolean, timestamptz) to service_role;
revoke execute on function public.staff_factors_of(uuid) from public, anon, authenticated;
revoke execute on function public.set_session_pending(text, text, text) from public, anon, authenticated;
revoke execute on function public.take_session_challenge(text) from public, anon, authenticated;
revoke execute on function public.mark_second_factor(text, timestamptz) from public, anon, authenticated;
revoke execute on function public.use_totp_step(uuid, bigint, timestamptz) from public, anon, authenticated;
revoke execute on function public.use_passkey(uuid, bigint, timestamptz) from public, anon, authenticated;
revoke execute on function public.add_staff_factor(uuid, text, text, text, text, text, text, bigint, text[], timestamptz) from public, anon, authenticated;
revoke execute on function public.remove_staff_factor(uuid, text, uuid) from public, anon, authenticated;
revoke execute on function public.replace_recovery_codes(uuid, text[]) from public, anon, authenticated;
revoke execute on function public.use_recovery_code(uuid, text, timestamptz) from public, anon, authenticated;
revoke execute on function public.recovery_codes_left(uuid) from public, anon, authenticated;
grant execute on function public.staff_factors_of(uuid) to service_role;
grant execute on function public.set_session_pending(text, text, text) to service_role;
grant execute on function public.take_session_challenge(text) to service_role;
grant execute on function public.mark_second_factor(text, timestamptz) to service_role;
grant execute on function public.use_totp_step(uuid, bigint, timestamptz) to service_role;
grant execute on function public.use_passkey(uuid, bigint, timestamptz) to service_role;
grant execute on function public.add_staff_factor(uuid, text, text, text, text, text, text, bigint, text[], timestamptz) to service_role;
grant execute on function public.remove_staff_factor(uuid, text, uuid) to service_role;
grant execute on function public.replace_recovery_codes(uuid, text[]) to service_role;
grant execute on function public.use_recovery_code(uuid, text, timestamptz) to service_role;
grant execute on function public.recovery_codes_left(uuid) to service_role;
revoke execute on function public.start_wallet_session(text, text, timestamptz, timestamptz) from public, anon, authenticated;
revoke execute on function public.wallet_of_session(text, timestamptz) from public, anon, authenticated;
revoke execute on function public.end_wallet_session(text) from public, anon, authenticated;
grant execute on function public.start_wallet_session(text, text, timestamptz, timestamptz) to service_role;
grant execute on function public.wallet_of_session(text, timestamptz) to service_role;
grant execute on function public.end_wallet_session(text) to service_role;
