import { expect } from 'vitest';
import type { Order } from '@/lib/orders/types';

/**
 * Orders placed in one quick loop may share a creation time (the database orders those by id),
 * so a list is checked as these orders, each once, newest first, rather than as the loop's order.
 */
export function expectNewestFirst(listed: Order[], placed: Order[]) {
  expect(new Set(listed.map((order) => order.id)).size).toBe(listed.length);
  expect(listed.map((order) => order.id).sort()).toEqual(placed.map((order) => order.id).sort());
  const times = listed.map((order) => Date.parse(order.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
}
