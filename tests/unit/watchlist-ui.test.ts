import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { WatchersPanel } from '@/components/admin/watchers/watchers-panel';
import { AlertTrigger } from '@/components/watchlist/alert-trigger';
import { saveSearchHref } from '@/components/watchlist/save-search-link';
import { TokenActionForm } from '@/components/watchlist/token-action-form';
import { WatchlistTab } from '@/components/watchlist/watchlist-tab';
import type { Watchlist } from '@/lib/watchlist/types';

// The panel's Remove asks the App Router to read the page again; here there is none.
vi.mock('next/navigation', () => ({ useRouter: () => ({ refresh: vi.fn(), prefetch: vi.fn(), push: vi.fn() }) }));

/** The markup as the server sends it, without the tags, whitespace collapsed: what a reader sees. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const CREATED = '2026-11-29T10:00:00.000Z';
const piece = { priceSol: '20', confirmed: true, createdAt: CREATED };
const WATCHLIST: Watchlist = {
  email: 'a@example.com',
  pieces: [
    {
      ...piece,
      id: 'w1',
      watchId: '9411e3b7-dabc-4028-8ee9-f9a614e60a95',
      brand: 'Rolex',
      model: 'Daytona',
      available: false,
      below: null,
    },
    {
      ...piece,
      id: 'w2',
      watchId: '0b2c0c3e-1b61-4a5e-9d7b-0d4c7c1e2f3a',
      brand: 'Tudor',
      model: 'Black Bay',
      available: true,
      below: '12.500000000',
    },
  ],
  searches: [{ id: 's1', path: '/watches?brand=Rolex&condition=unworn', label: 'Rolex, unworn', confirmed: false, createdAt: CREATED }],
};

describe('My Orders › Watchlist', () => {
  it('lists each piece with its page, its state and the price it waits for, then the saved searches', () => {
    const html = renderToStaticMarkup(createElement(WatchlistTab, { read: { value: WATCHLIST } }));
    expect(html).toMatch(/<h2[^>]*>Pieces you watch<\/h2>/);
    expect(html).toMatch(/<h2[^>]*>Saved searches<\/h2>/);
    expect(html).toContain('href="/watches/9411e3b7-dabc-4028-8ee9-f9a614e60a95"');
    expect(html).toContain('href="/watches?brand=Rolex&amp;condition=unworn"');
    const shown = text(html);
    expect(shown).toContain('Rolex Daytona Sold out Remove Rolex Daytona');
    expect(shown).toContain('Tudor Black Bay Available · below 12.5 SOL Remove Tudor Black Bay');
    // Nothing is sent for an item until its address is confirmed: the shopper is told where to look.
    expect(shown).toContain('Rolex, unworn Waiting for your confirmation: see our e-mail. Remove Rolex, unworn');
    expect(shown.match(/Waiting for your confirmation/g)).toHaveLength(1);
    // Each Remove names its row to a screen reader, which lists the buttons out of their rows.
    expect(html).toContain('<span class="sr-only"> Rolex Daytona</span>');
    expect(html).toMatch(/<p[^>]*role="status"/);
  });

  it('says so when nothing is watched, and leaves out an empty list', () => {
    expect(text(renderToStaticMarkup(createElement(WatchlistTab, { read: { value: { email: null, pieces: [], searches: [] } } })))).toBe(
      'You are not watching anything yet.',
    );
    const searchesOnly = renderToStaticMarkup(createElement(WatchlistTab, { read: { value: { ...WATCHLIST, pieces: [] } } }));
    expect(searchesOnly).not.toContain('Pieces you watch');
    expect(searchesOnly).toContain('Saved searches');
  });

  it('tells a failed read as an alert', () => {
    const html = renderToStaticMarkup(createElement(WatchlistTab, { read: { failed: true } }));
    expect(html).toMatch(/^<p role="alert"[^>]*>Your watchlist could not be loaded\. Please reload the page\.<\/p>$/);
  });
});

describe('the alert buttons', () => {
  it('"Notify me" on a watch page opens a dialog; "Save this search" on a listing is a link to its form with the listing’s address', () => {
    const watch = renderToStaticMarkup(
      createElement(AlertTrigger, { subject: { kind: 'watch', watchId: 'x', available: false }, className: 'pill' }),
    );
    expect(watch).toMatch(/^<button type="button" aria-busy="false" aria-haspopup="dialog" class="pill [^"]*">Notify me<\/button>$/);
    expect(saveSearchHref('/watches?brand=Rolex&condition=unworn')).toBe('/watchlist/save?search=%2Fwatches%3Fbrand%3DRolex%26condition%3Dunworn');
  });

  it('the e-mail pages send the token by a press, never by being opened', () => {
    const confirm = renderToStaticMarkup(createElement(TokenActionForm, { action: 'confirm', token: 't', className: 'pill' }));
    expect(confirm).toMatch(/<button type="button"[^>]*>Confirm<\/button>/);
    expect(confirm).not.toContain('<form');
    const leave = renderToStaticMarkup(createElement(TokenActionForm, { action: 'unsubscribe', token: 't', className: 'pill' }));
    expect(leave).toMatch(/<button type="button"[^>]*>Unsubscribe and forget me<\/button>/);
  });
});

describe('the admin panel’s Watchers tab', () => {
  it('offers the CSV to the owner only, as its route allows', () => {
    const owner = renderToStaticMarkup(createElement(WatchersPanel, { canExport: true }));
    expect(owner).toMatch(/<a href="\/api\/admin\/watchlist\/export" download=""[^>]*>Export counts \(CSV\)<\/a>/);
    expect(renderToStaticMarkup(createElement(WatchersPanel, { canExport: false }))).not.toContain('Export counts');
  });
});
