-- The certificate follows the watch (issue 53, docs/passport.md): reports that a certified watch was
-- stolen or went missing, and its service history. Custody and possession are read from the chain
-- and signed by wallets: nothing of theirs is stored here.

-- A holder's report, open until cleared: at most one open per certificate. Its wallet is the one
-- that held the certificate and signed the report; only that wallet, or the owner role, clears it.
create table public.certificate_reports (
  id uuid primary key default gen_random_uuid(),
  mint text not null check (mint ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null check (kind in ('stolen', 'missing')),
  occurred_on date not null,
  police_reference text check (char_length(police_reference) between 1 and 100),
  reported_by text not null check (reported_by ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  reported_at timestamptz not null default clock_timestamp(),
  cleared_at timestamptz,
  -- `wallet <address>` or the staff member's name.
  cleared_by text check (char_length(cleared_by) <= 254),
  constraint certificate_reports_cleared check ((cleared_at is null) = (cleared_by is null))
);

create unique index certificate_reports_open on public.certificate_reports (mint) where cleared_at is null;

alter table public.certificate_reports enable row level security;
revoke all on public.certificate_reports from public, anon, authenticated;
grant select, insert, update on public.certificate_reports to service_role;

-- Reporting and clearing are on the trail: the route writes as the wallet (a holder) or the member.
create trigger certificate_reports_audit after insert or update on public.certificate_reports
  for each row execute function public.audit_row_change('certificate_report', 'certificate', 'mint');

-- What staff recorded of a service; its SHA-256 (with the certificate's other events) is written
-- into the certificate's Token-2022 metadata, so an event changed here alone shows as a mismatch.
-- The holder's acceptance is their SIWS signature, kept whole so anyone can check it.
create table public.service_events (
  id uuid primary key default gen_random_uuid(),
  mint text not null check (mint ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  order_id uuid not null references public.orders (id) on delete cascade,
  serviced_on date not null,
  serviced_by text not null check (char_length(serviced_by) between 1 and 120),
  work text not null check (char_length(work) between 1 and 2000),
  photos text[] not null default '{}' check (cardinality(photos) <= 6),
  created_by text not null check (char_length(created_by) <= 254),
  created_at timestamptz not null default clock_timestamp(),
  confirmed_wallet text,
  confirmed_at timestamptz,
  confirmed_message text check (char_length(confirmed_message) <= 2048),
  confirmed_signature text check (char_length(confirmed_signature) <= 100),
  constraint service_events_confirmed check (
    (confirmed_wallet is null) = (confirmed_at is null)
    and (confirmed_at is null) = (confirmed_message is null)
    and (confirmed_message is null) = (confirmed_signature is null)
  )
);

create index service_events_mint_idx on public.service_events (mint, serviced_on, id);

alter table public.service_events enable row level security;
revoke all on public.service_events from public, anon, authenticated;
grant select, insert, update on public.service_events to service_role;

create trigger service_events_audit after insert or update on public.service_events
  for each row execute function public.audit_row_change('service_event', 'certificate', 'mint');

-- The operator's webhook hears of a report and of its clearing: the certificate's order carries
-- the event, with the report as it then stood (webhook only: the buyer's e-mail is not told).
alter table public.order_events drop constraint order_events_type_check;
alter table public.order_events
  add constraint order_events_type_check check (type in (
    'order.simulated', 'order.paid', 'order.certified', 'order.shipped', 'order.delivered', 'order.refund_due',
    'order.partially_refunded', 'order.refunded', 'certificate.reported', 'certificate.report_cleared'
  ));
alter table public.order_events add column report jsonb;
drop index public.order_events_once;
create unique index order_events_once on public.order_events (
  order_id, type, channel, (coalesce(refund ->> 'id', report ->> 'id', ''))
);

create function public.certificate_report_json(p_report public.certificate_reports)
returns jsonb
language sql immutable
as $$
  select jsonb_build_object(
    'id', p_report.id,
    'mint', p_report.mint,
    'kind', p_report.kind,
    'occurredOn', to_char(p_report.occurred_on, 'YYYY-MM-DD'),
    'policeReference', p_report.police_reference,
    'reportedBy', p_report.reported_by,
    'reportedAt', p_report.reported_at,
    'clearedAt', p_report.cleared_at,
    'clearedBy', p_report.cleared_by
  )
$$;

-- The operator's webhook event of a report (or its clearing), with the certificate's order as it is now.
create function public.record_certificate_report_event(p_report public.certificate_reports, p_type text)
returns void
language sql volatile
as $$
  insert into public.order_events (order_id, type, channel, snapshot, report)
  select o.id, p_type, 'webhook', to_jsonb(o), public.certificate_report_json(p_report)
  from public.orders o
  where o.id = p_report.order_id
$$;

-- The open report of a certificate, if any.
create function public.open_certificate_report(p_mint text)
returns table (report jsonb)
language sql stable
as $$
  select public.certificate_report_json(r) from public.certificate_reports r where r.mint = p_mint and r.cleared_at is null
$$;

-- A report, with its webhook event, in one transaction. outcome: reported, or already (an open
-- report stands: it is answered, nothing is written).
create function public.report_certificate(
  p_mint text,
  p_order_id uuid,
  p_kind text,
  p_occurred_on date,
  p_police_reference text,
  p_reported_by text
)
returns table (outcome text, report jsonb)
language plpgsql volatile
as $$
declare
  v_report public.certificate_reports;
begin
  insert into public.certificate_reports (mint, order_id, kind, occurred_on, police_reference, reported_by)
  values (p_mint, p_order_id, p_kind, p_occurred_on, p_police_reference, p_reported_by)
  on conflict (mint) where cleared_at is null do nothing
  returning * into v_report;
  if v_report.id is null then
    return query select 'already'::text, public.certificate_report_json(r) from public.certificate_reports r
      where r.mint = p_mint and r.cleared_at is null;
    return;
  end if;
  perform public.record_certificate_report_event(v_report, 'certificate.reported');
  return query select 'reported'::text, public.certificate_report_json(v_report);
end
$$;

-- Clears the open report. p_reporter: the wallet asking (a holder), who must be the one that
-- reported; null for the owner role (the route checked the role and the second factor).
-- outcome: cleared, none (no open report), not-reporter.
create function public.clear_certificate_report(p_mint text, p_reporter text, p_cleared_by text)
returns table (outcome text, report jsonb)
language plpgsql volatile
as $$
declare
  v_report public.certificate_reports;
begin
  select * into v_report from public.certificate_reports where mint = p_mint and cleared_at is null for update;
  if not found then
    return query select 'none'::text, null::jsonb;
    return;
  end if;
  if p_reporter is not null and v_report.reported_by <> p_reporter then
    return query select 'not-reporter'::text, public.certificate_report_json(v_report);
    return;
  end if;
  update public.certificate_reports set cleared_at = clock_timestamp(), cleared_by = p_cleared_by
  where id = v_report.id
  returning * into v_report;
  perform public.record_certificate_report_event(v_report, 'certificate.report_cleared');
  return query select 'cleared'::text, public.certificate_report_json(v_report);
end
$$;

create function public.service_event_json(p_event public.service_events)
returns jsonb
language sql immutable
as $$
  select jsonb_build_object(
    'id', p_event.id,
    'servicedOn', to_char(p_event.serviced_on, 'YYYY-MM-DD'),
    'servicedBy', p_event.serviced_by,
    'work', p_event.work,
    'photos', to_jsonb(p_event.photos),
    'confirmation', case when p_event.confirmed_at is null then null else jsonb_build_object(
      'wallet', p_event.confirmed_wallet,
      'at', p_event.confirmed_at,
      'signedMessage', p_event.confirmed_message,
      'signature', p_event.confirmed_signature
    ) end
  )
$$;

-- A certificate's events in the order their hash is taken in: by day, then id.
create function public.service_events_of(p_mint text)
returns table (events jsonb)
language sql stable
as $$
  select coalesce(jsonb_agg(public.service_event_json(e) order by e.serviced_on, e.id), '[]'::jsonb)
  from public.service_events e where e.mint = p_mint
$$;

create function public.add_service_event(
  p_mint text,
  p_order_id uuid,
  p_serviced_on date,
  p_serviced_by text,
  p_work text,
  p_photos text[],
  p_created_by text
)
returns table (event jsonb)
language sql volatile
as $$
  insert into public.service_events (mint, order_id, serviced_on, serviced_by, work, photos, created_by)
  values (p_mint, p_order_id, p_serviced_on, p_serviced_by, p_work, p_photos, p_created_by)
  returning public.service_event_json(service_events)
$$;

-- The holder's acceptance, once: outcome confirmed, already, or unknown (no such event of this mint).
create function public.confirm_service_event(p_mint text, p_id uuid, p_wallet text, p_message text, p_signature text)
returns table (outcome text, event jsonb)
language plpgsql volatile
as $$
declare
  v_event public.service_events;
begin
  update public.service_events
  set confirmed_wallet = p_wallet, confirmed_at = clock_timestamp(), confirmed_message = p_message, confirmed_signature = p_signature
  where id = p_id and mint = p_mint and confirmed_at is null
  returning * into v_event;
  if v_event.id is not null then
    return query select 'confirmed'::text, public.service_event_json(v_event);
    return;
  end if;
  select * into v_event from public.service_events where id = p_id and mint = p_mint;
  if v_event.id is null then
    return query select 'unknown'::text, null::jsonb;
  else
    return query select 'already'::text, public.service_event_json(v_event);
  end if;
end
$$;

revoke execute on function public.certificate_report_json(public.certificate_reports) from public, anon, authenticated;
revoke execute on function public.record_certificate_report_event(public.certificate_reports, text) from public, anon, authenticated;
revoke execute on function public.open_certificate_report(text) from public, anon, authenticated;
revoke execute on function public.report_certificate(text, uuid, text, date, text, text) from public, anon, authenticated;
revoke execute on function public.clear_certificate_report(text, text, text) from public, anon, authenticated;
revoke execute on function public.service_event_json(public.service_events) from public, anon, authenticated;
revoke execute on function public.service_events_of(text) from public, anon, authenticated;
revoke execute on function public.add_service_event(text, uuid, date, text, text, text[], text) from public, anon, authenticated;
revoke execute on function public.confirm_service_event(text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.certificate_report_json(public.certificate_reports) to service_role;
grant execute on function public.record_certificate_report_event(public.certificate_reports, text) to service_role;
grant execute on function public.open_certificate_report(text) to service_role;
grant execute on function public.report_certificate(text, uuid, text, date, text, text) to service_role;
grant execute on function public.clear_certificate_report(text, text, text) to service_role;
grant execute on function public.service_event_json(public.service_events) to service_role;
grant execute on function public.service_events_of(text) to service_role;
grant execute on function public.add_service_event(text, uuid, date, text, text, text[], text) to service_role;
grant execute on function public.confirm_service_event(text, uuid, text, text, text) to service_role;
