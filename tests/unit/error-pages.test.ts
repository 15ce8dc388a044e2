import { createElement, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import ShopError from '@/app/(shop)/error';
import GlobalError from '@/app/global-error';
import { SERVER_ERROR_TEXT } from '@/components/layout/error-panel';

// next/font only works inside Next's compiler; the font's class name is all the page needs of it.
vi.mock('@/app/fonts', () => ({ serif: { variable: 'font-serif-variable' } }));

/** The error pages as the server renders them, with the error Next passes (its digest) and a retry. */

/**
 * The whole page once everything in it has loaded: the boundaries fetch their panel on demand
 * (app/(shop)/error.tsx, app/global-error.tsx), which a server render waits for. React's
 * Suspense markers and the doctype are left out, to read the markup itself.
 */
async function renderWhole(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  const html = await new Response(prelude).text();
  return html.replace(/^<!DOCTYPE html>/, '').replace(/<!--.*?-->/g, '');
}

const error = Object.assign(new Error('the catalogue query failed'), { digest: '1234567890' });
const reset = vi.fn();

describe.each([
  ['app/(shop)/error.tsx', ShopError],
  ['app/global-error.tsx', GlobalError],
])('%s', (_, Page) => {
  let html = '';
  beforeAll(async () => {
    html = await renderWhole(createElement(Page, { error, reset }));
  });

  it('shows the error in the shop words, with a way to try again and a way back', () => {
    expect(html).toContain('role="alert"');
    expect(html).toContain(`>${SERVER_ERROR_TEXT.title}</h1>`);
    expect(html).toContain(SERVER_ERROR_TEXT.message);
    expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${SERVER_ERROR_TEXT.retry}</button>`));
    expect(html).toMatch(new RegExp(`<a [^>]*href="/"[^>]*>${SERVER_ERROR_TEXT.home}</a>`));
  });

  it("names the server log entry by digest, never the error's own message", () => {
    expect(html).toContain('Reference: 1234567890');
    expect(html).not.toContain('the catalogue query failed');
  });
});

describe('app/global-error.tsx', () => {
  it('brings its own document, since it replaces the root layout, and the display font', async () => {
    const html = await renderWhole(createElement(GlobalError, { error, reset }));
    expect(html).toMatch(/^<html lang="en">(<head><\/head>)?<body class="min-h-dvh"><main class="font-serif-variable /);
  });
});
