-- Sign-In With Solana (issue 24): the buyer's wallet signs a message naming a nonce the server
-- issued. Each nonce is good for one sign-in within five minutes; using it removes it, in one
-- statement, so two servers receiving the same signed message cannot both accept it.

create table public.wallet_sign_in_nonces (
  nonce text primary key check (nonce ~ '^[A-Za-z0-9]{8,64}$'),
  expires_at timestamptz not null
);

create index wallet_sign_in_nonces_expiry on public.wallet_sign_in_nonces (expires_at);

alter table public.wallet_sign_in_nonces enable row level security;
revoke all on public.wallet_sign_in_nonces from public, anon, authenticated;
grant all on public.wallet_sign_in_nonces to service_role;

-- Stores a new nonce; expired ones are removed on the way. The caller passes the time (p_now) so
-- that tests can move it.
create function public.issue_sign_in_nonce(p_nonce text, p_expires_at timestamptz, p_now timestamptz)
returns table (issued boolean)
language sql volatile security invoker
as $$
  with expired as (delete from public.wallet_sign_in_nonces where expires_at <= p_now),
  added as (insert into public.wallet_sign_in_nonces (nonce, expires_at) values (p_nonce, p_expires_at) returning 1)
  select exists (select 1 from added)
$$;

-- Uses a nonce up: true only for the one caller that removed it while it was still valid.
create function public.consume_sign_in_nonce(p_nonce text, p_now timestamptz)
returns table (consumed boolean)
language sql volatile security invoker
as $$
  with used as (delete from public.wallet_sign_in_nonces where nonce = p_nonce and expires_at > p_now returning 1)
  select exists (select 1 from used)
$$;

revoke execute on function public.issue_sign_in_nonce(text, timestamptz, timestamptz) from public, anon, authenticated;
revoke execute on function public.consume_sign_in_nonce(text, timestamptz) from public, anon, authenticated;
grant execute on function public.issue_sign_in_nonce(text, timestamptz, timestamptz) to service_role;
grant execute on function public.consume_sign_in_nonce(text, timestamptz) to service_role;

-- "My Orders" reads one wallet's orders, newest first.
create index orders_wallet_created_idx on public.orders (wallet, created_at desc);
