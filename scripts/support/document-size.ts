/**
 * What a page's document weighs, gzip-compressed (issue 34: no document may grow with the
 * catalogue). Each page is loaded a few times, since a shuffled listing's watches, and so its
 * bytes, differ from one load to the next; /admin is loaded signed in. `npm run bench` keeps the
 * demo catalogue's figures in bench-results/documents-demo.json, and a run with CATALOGUE_SIZE
 * holds each page to them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { newOwnerApp, ownerCookie } from './owner-sign-in';
import { root } from './production-server';

/** Loads per page: their mean is the page's size. */
const LOADS = 5;
/** How much a page's document may outweigh the demo catalogue's. */
export const DOCUMENT_GROWTH_BUDGET = 0.1;

export type DocumentSizes = Record<string, number>;

export async function documentSizes(base: string, pages: string[], admin: { username: string; password: string }): Promise<DocumentSizes> {
  // Signed in as the owner, second factor given, as the panel is seen.
  const cookie = await ownerCookie(base, admin, newOwnerApp());
  const sizes: DocumentSizes = {};
  for (const page of [...pages, '/admin']) {
    sizes[page] = Math.round((await documentBytes(base, page, page === '/admin' ? { cookie } : {})) / 102.4) / 10;
  }
  return sizes;
}

/** A page's document, gzip-compressed, in bytes: the mean of LOADS loads. */
export async function documentBytes(base: string, page: string, headers: Record<string, string> = {}): Promise<number> {
  let bytes = 0;
  for (let load = 0; load < LOADS; load++) bytes += gzipSync(await (await fetch(base + page, { headers })).text()).length;
  return Math.round(bytes / LOADS);
}

const file = (catalogue: string) => path.join(root, 'bench-results', `documents-${catalogue}.json`);

export function saveDocumentSizes(catalogue: string, sizes: DocumentSizes) {
  fs.mkdirSync(path.dirname(file(catalogue)), { recursive: true });
  fs.writeFileSync(file(catalogue), JSON.stringify({ date: new Date().toISOString(), sizes }, null, 2));
}

/** The demo catalogue's sizes, when a run on it has recorded them. */
export function demoDocumentSizes(): DocumentSizes | null {
  if (!fs.existsSync(file('demo'))) return null;
  return (JSON.parse(fs.readFileSync(file('demo'), 'utf8')) as { sizes: DocumentSizes }).sizes;
}

/** Each page within the budget of its size on the demo catalogue. */
export function documentChecks(sizes: DocumentSizes, demo: DocumentSizes | null) {
  if (!demo) return [];
  return Object.entries(sizes).flatMap(([page, kb]) => {
    const baseline = demo[page];
    if (baseline === undefined) return [];
    return [{ name: `${page} document ≤ ${baseline} KB + ${DOCUMENT_GROWTH_BUDGET * 100} %`, pass: kb <= baseline * (1 + DOCUMENT_GROWTH_BUDGET), kb, baseline }];
  });
}
