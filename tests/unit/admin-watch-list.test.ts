import { describe, expect, it } from 'vitest';
import { watchListQueryOf } from '@/lib/admin/watch-list';
import { pageCountOf, watchListSearch } from '@/lib/admin/watch-list-query';

/** The admin grid's address (/admin?q=…&page=…), as the page reads it and the panel writes it. */

describe('the admin grid address', () => {
  it('reads the search and the page', () => {
    expect(watchListQueryOf({ q: '  Rolex Daytona ', page: '3' })).toEqual({ q: 'Rolex Daytona', page: 3 });
    expect(watchListQueryOf({})).toEqual({ q: '', page: 1 });
    expect(watchListQueryOf({ q: ['first', 'second'], page: ['2', '5'] })).toEqual({ q: 'first', page: 2 });
  });

  it.each([
    [{ page: '0' }],
    [{ page: '-2' }],
    [{ page: '1.5' }],
    [{ page: 'last' }],
    [{ page: '100001' }],
    [{ q: 'x'.repeat(201) }],
    [{ q: 'a\u0000b' }],
  ])('shows the first page of everything for a bad value typed by hand: %j', (params) => {
    expect(watchListQueryOf(params)).toEqual({ q: '', page: 1 });
  });

  it('writes only what differs from the first page of everything', () => {
    expect(watchListSearch({ q: '', page: 1 })).toBe('');
    expect(watchListSearch({ q: ' ', page: 2 })).toBe('?page=2');
    expect(watchListSearch({ q: 'Glashütte & Co', page: 1 })).toBe('?q=Glash%C3%BCtte+%26+Co');
    expect(watchListSearch({ q: 'omega', page: 4 })).toBe('?q=omega&page=4');
  });

  it('counts at least one page, 24 watches a page', () => {
    expect([0, 1, 24, 25, 48, 100_040].map(pageCountOf)).toEqual([1, 1, 1, 2, 2, 4169]);
  });
});
