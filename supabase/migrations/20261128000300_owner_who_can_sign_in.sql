-- Issue 47: the shop could lose its last owner. `update_staff` counted every enabled owner, so an
-- owner could invite a second one and demote themself while the invitation was still unaccepted:
-- the only owner left had no password, and the bootstrap login did nothing because an owner row
-- existed. Now an owner counts only when they can sign in: enabled, with a password and with a
-- second factor (the panel takes no session without one).

create function public.can_sign_in_as_owner(p_staff public.staff)
returns boolean
language sql stable security invoker
as $$
  select p_staff.role = 'owner'
     and p_staff.disabled_at is null
     and p_staff.password_hash is not null
     and exists (select 1 from public.staff_factors f where f.staff_id = p_staff.id)
$$;

-- The change that would leave no owner who can sign in is refused ('last-owner'). Every owner's row
-- is locked first, in one order, then the member's: two owners demoting each other at once are
-- served one after the other, and the second sees the first's change. A member's last factor
-- cannot be removed (remove_staff_factor) and a password is never unset, so this is the one way an
-- owner stops being one who can sign in.
create or replace function public.update_staff(p_staff_id uuid, p_role text, p_disabled boolean, p_now timestamptz)
returns table (outcome text)
language plpgsql volatile security invoker
as $$
declare
  target public.staff;
begin
  perform 1 from public.staff where role = 'owner' order by id for update;
  select * into target from public.staff where id = p_staff_id for update;
  if target.id is null then
    return query select 'not-found';
    return;
  end if;
  if (coalesce(p_role, target.role) <> 'owner' or coalesce(p_disabled, false))
     and public.can_sign_in_as_owner(target)
     and not exists (select 1 from public.staff s where s.id <> target.id and public.can_sign_in_as_owner(s)) then
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

-- The bootstrap login (ADMIN_USERNAME, ADMIN_PASSWORD_HASH) is the way in while no owner can sign
-- in: a fresh shop, whose owner has no factor until the first enrolment, and a shop left without
-- one. It makes that username an enabled owner with that password: a new row when no member has
-- the username, else that member's row (a shop left without an owner gets its owner back; in a
-- fresh shop it is the row it made, and nothing changes). Once an owner can sign in it does
-- nothing. Answers the row when it changed something: created, or restored (whose sessions then
-- end, as with any new password), with a line on the trail. Two servers starting at once: the
-- username's unique index serialises the two upserts, and the second finds nothing to change.
create or replace function public.ensure_owner(p_username text, p_password_hash text)
returns setof public.staff
language plpgsql volatile security invoker
as $$
declare
  made public.staff;
  existed boolean;
begin
  if exists (select 1 from public.staff s where public.can_sign_in_as_owner(s)) then
    return;
  end if;
  existed := exists (select 1 from public.staff where username = lower(btrim(p_username)));
  insert into public.staff as s (username, name, role, password_hash)
  values (lower(btrim(p_username)), btrim(p_username), 'owner', p_password_hash)
  on conflict (username) do update
    set role = 'owner', disabled_at = null, password_hash = excluded.password_hash
    where s.role <> 'owner' or s.disabled_at is not null or s.password_hash is distinct from excluded.password_hash
  returning s.* into made;
  if made.id is null then
    return;
  end if;
  update public.staff_sessions set ended_at = clock_timestamp(), ended_reason = 'owner restored by the bootstrap login'
  where staff_id = made.id and ended_at is null;
  insert into public.audit_log (actor_id, actor, kind, subject, after)
  values (made.id, left(made.name, 254), 'staff.bootstrap', 'staff:' || made.id,
          jsonb_build_object('role', 'owner', 'restored', existed));
  return next made;
end
$$;

revoke execute on function public.can_sign_in_as_owner(public.staff) from public, anon, authenticated;
grant execute on function public.can_sign_in_as_owner(public.staff) to service_role;
