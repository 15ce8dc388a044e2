import { describe, expect, it, vi } from 'vitest';
import { alertCopy } from '@/components/watchlist/alert-copy';
import { alertRequest } from '@/components/watchlist/alert-request';
import {
  askForAlert,
  confirmAlerts,
  NETWORK_FAILURE,
  removeFromWatchlist,
  unsubscribe,
  walletSignedIn,
} from '@/components/watchlist/watchlist-client';

/** A fetch that answers `status` with `body` (JSON unless a string) and records what it was asked. */
function answering(status: number, body: unknown) {
  return vi.fn<typeof fetch>(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
      }),
  );
}

const WATCH_ID = '9411e3b7-dabc-4028-8ee9-f9a614e60a95';

describe('the alert dialog: what it sends', () => {
  it('a search is the listing’s address, path and query', () => {
    expect(alertRequest({ kind: 'search', path: '/watches?brand=Rolex&condition=unworn' }, { email: ' a@example.com ' })).toEqual({
      search: '/watches?brand=Rolex&condition=unworn',
      email: 'a@example.com',
    });
    expect(alertRequest({ kind: 'search', path: '/crypto-editions' }, {})).toEqual({ search: '/crypto-editions' });
  });

  it('a watch that can be bought sends the price to go below; one that cannot never does', () => {
    expect(alertRequest({ kind: 'watch', watchId: WATCH_ID, available: true }, { email: 'a@example.com', below: ' 12.5 ' })).toEqual({
      watchId: WATCH_ID,
      email: 'a@example.com',
      below: '12.5',
    });
    expect(alertRequest({ kind: 'watch', watchId: WATCH_ID, available: false }, { below: '12.5' })).toEqual({ watchId: WATCH_ID });
  });

  it('leaves blank fields out, so the server tells a missing address from a mistyped one', () => {
    expect(alertRequest({ kind: 'watch', watchId: WATCH_ID, available: true }, { email: '  ', below: '' })).toEqual({
      watchId: WATCH_ID,
    });
  });

  it("says what it waits for, by the watch's state", () => {
    expect(alertCopy({ kind: 'watch', watchId: WATCH_ID, available: false })).toEqual({
      title: 'Notify me',
      text: 'We will e-mail you once when this watch is available again.',
      submit: 'Notify me',
    });
    expect(alertCopy({ kind: 'watch', watchId: WATCH_ID, available: true }).text).toBe(
      'We will e-mail you when its price drops by 5 % or more.',
    );
    expect(alertCopy({ kind: 'search', path: '/watches' })).toEqual({
      title: 'Save this search',
      text: 'We will e-mail you when a new watch matches this search.',
      submit: 'Save this search',
    });
  });
});

describe('the watchlist routes, as the browser reads their answers', () => {
  it('posts the request as JSON and shows the answer’s message', async () => {
    const fetchJson = answering(202, { state: 'confirm', message: 'Check your inbox.' });
    expect(await askForAlert({ watchId: WATCH_ID, email: 'a@example.com' }, fetchJson)).toEqual({ ok: true, message: 'Check your inbox.' });
    const [path, init] = fetchJson.mock.calls[0]!;
    expect(path).toBe('/api/watchlist');
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(init?.body))).toEqual({ watchId: WATCH_ID, email: 'a@example.com' });
  });

  it('tells a wallet without an address on file apart from a refusal', async () => {
    expect(await askForAlert({ search: '/watches' }, answering(422, { error: 'Give an address.', emailNeeded: true }))).toEqual({
      ok: false,
      message: 'Give an address.',
      emailNeeded: true,
      status: 422,
    });
    expect(await askForAlert({ search: '/watches' }, answering(400, { error: 'Not an address.' }))).toEqual({
      ok: false,
      message: 'Not an address.',
      emailNeeded: false,
      status: 400,
    });
  });

  it('says the shop could not be reached when nothing answered, or an answer had no words', async () => {
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await askForAlert({ search: '/watches' }, offline)).toMatchObject({ ok: false, message: NETWORK_FAILURE, status: 0 });
    expect(await askForAlert({ search: '/watches' }, answering(502, '<html>Bad gateway</html>'))).toMatchObject({
      ok: false,
      message: NETWORK_FAILURE,
      status: 502,
    });
  });

  it('confirms with the token in the body, unsubscribes with it in the address (RFC 8058 one-click)', async () => {
    const confirm = answering(200, { confirmed: 2, message: 'Confirmed.' });
    expect(await confirmAlerts('tok/en+1', confirm)).toEqual({ ok: true, message: 'Confirmed.' });
    expect(confirm.mock.calls[0]![0]).toBe('/api/watchlist/confirm');
    expect(JSON.parse(String(confirm.mock.calls[0]![1]?.body))).toEqual({ token: 'tok/en+1' });

    const leave = answering(200, { forgotten: true, message: 'Done.' });
    expect(await unsubscribe('tok/en+1', leave)).toEqual({ ok: true, message: 'Done.' });
    expect(leave.mock.calls[0]![0]).toBe('/api/watchlist/unsubscribe?token=tok%2Fen%2B1');
    expect(leave.mock.calls[0]![1]?.method).toBe('POST');

    expect(await confirmAlerts('old', answering(404, { error: 'This link has expired.' }))).toMatchObject({
      ok: false,
      message: 'This link has expired.',
    });
  });

  it('removes by id; one already gone counts as removed', async () => {
    const removed = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    expect(await removeFromWatchlist('a b', removed)).toEqual({ ok: true, message: '' });
    expect(removed.mock.calls[0]![0]).toBe('/api/watchlist/a%20b');
    expect(removed.mock.calls[0]![1]?.method).toBe('DELETE');
    expect((await removeFromWatchlist('x', answering(404, { error: 'Not found' }))).ok).toBe(true);
    expect(await removeFromWatchlist('x', answering(403, { error: 'Cross-origin request refused.' }))).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('knows a wallet session from its answer, and none when it cannot tell', async () => {
    expect(await walletSignedIn(answering(200, { wallet: 'So1ana' }))).toBe(true);
    expect(await walletSignedIn(answering(200, { wallet: null }))).toBe(false);
    expect(
      await walletSignedIn(
        vi.fn<typeof fetch>(async () => {
          throw new TypeError('Failed to fetch');
        }),
      ),
    ).toBe(false);
  });
});
