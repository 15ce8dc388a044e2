-- Real payments (Solana Pay). An order is either a simulated purchase (no merchant configured: the
-- spec's simulated flow, which proves nothing) or a payment intent: the server fixes the amount
-- in lamports and a fresh reference key, stores the order as pending, and marks it paid only
-- once it has found and checked the transaction on chain. Then it mints the NFT certificate.

alter table public.orders drop constraint orders_status_check;

-- Every order stored so far came from the simulated flow: none of them was paid on chain.
update public.orders set status = 'simulated' where status = 'paid';

alter table public.orders
  alter column status set default 'simulated',
  add constraint orders_status_check
    check (status in ('simulated', 'pending', 'paid', 'expired', 'failed', 'shipped', 'cancelled')),
  -- A pending order has no transaction yet, and one paid from a phone's QR code no known wallet:
  -- the verifier records the payer it finds on chain.
  alter column tx_hash drop not null,
  alter column wallet drop not null,
  add column lamports bigint check (lamports > 0),
  add column reference text unique check (reference ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  add column expires_at timestamptz,
  add column paid_at timestamptz,
  -- A payment that reached the merchant after its intent expired: recorded, never lost, refunded.
  add column refund_due boolean not null default false,
  add column certificate_mint text unique check (certificate_mint ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$'),
  add column failure text check (length(failure) <= 500),
  -- An intent's fields come together; the simulated flow has none of them and its made-up
  -- signature instead; every state of a payment belongs to an intent.
  add constraint orders_intent_fields check ((reference is null) = (lamports is null) and (reference is null) = (expires_at is null)),
  add constraint orders_simulated_has_no_intent check (status <> 'simulated' or reference is null),
  add constraint orders_simulated_has_signature check (reference is not null or tx_hash is not null),
  add constraint orders_payment_has_intent check (status not in ('pending', 'paid', 'expired', 'failed') or reference is not null),
  add constraint orders_paid_has_transaction check (status <> 'paid' or (tx_hash is not null and paid_at is not null and wallet is not null)),
  add constraint orders_simulated_has_wallet check (reference is not null or wallet is not null);

-- The verifier's sweep looks for intents still waiting for their payment.
create index orders_pending_idx on public.orders (expires_at) where status = 'pending';

-- The verifier's outcomes, as one statement each so that two server instances settling the same
-- order cannot both win: only a pending order settles, except that a payment still arriving for
-- an expired or failed order is recorded on it (as expired, with a refund due). A transaction that
-- already paid another order breaks the unique tx_hash: one transaction pays one order.
create function public.settle_order(
  p_id uuid,
  p_status text,
  p_tx_hash text,
  p_wallet text,
  p_refund_due boolean,
  p_failure text
)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set status = p_status,
      tx_hash = coalesce(p_tx_hash, tx_hash),
      wallet = coalesce(p_wallet, wallet),
      paid_at = case when p_status = 'paid' then now() else paid_at end,
      refund_due = refund_due or coalesce(p_refund_due, false),
      failure = p_failure
  where id = p_id
    and p_status in ('paid', 'expired', 'failed')
    and (status = 'pending'
      or (status in ('expired', 'failed') and tx_hash is null and p_status = 'expired' and p_tx_hash is not null))
  returning *
$$;

-- The certificate's mint, recorded once: a retry that minted nothing new finds it here.
create function public.record_order_certificate(p_id uuid, p_mint text)
returns setof public.orders
language sql volatile security invoker
as $$
  update public.orders
  set certificate_mint = p_mint
  where id = p_id and status = 'paid' and (certificate_mint is null or certificate_mint = p_mint)
  returning *
$$;

revoke execute on function public.settle_order(uuid, text, text, text, boolean, text) from public, anon, authenticated;
grant execute on function public.settle_order(uuid, text, text, text, boolean, text) to service_role;
revoke execute on function public.record_order_certificate(uuid, text) from public, anon, authenticated;
grant execute on function public.record_order_certificate(uuid, text) to service_role;
