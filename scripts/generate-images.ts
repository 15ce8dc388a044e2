/**
 * Draws the shop's product art as committed SVG files: for every watch of the demo catalogue a
 * front view, a caseback view with the movement (and, for some, a dial close-up), an NFT
 * certificate card; an emblem per brand; and the placeholder shown when an image fails to load.
 *
 * Why a script: the shop must work offline (no image CDN, no hot-linked photos, nothing fetched at
 * build or test time), and the art must be reproducible. The output is deterministic, so running
 * it again changes nothing unless scripts/watch-art.ts or the code below changed.
 *
 *   npx tsx scripts/generate-images.ts      (from the repository root; also `npm run images`)
 *
 * The watches and their looks live in scripts/watch-art.ts; their slugs must match the image paths
 * of supabase/seed.sql, which is checked before anything is written.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BRANDS, type Brand } from '../lib/catalog/brands';
import { WATCH_ART, type Metal, type WatchArt } from './watch-art';

const ROOT = process.cwd();
const WATCH_DIR = path.join(ROOT, 'public', 'images', 'watches');
const BRAND_DIR = path.join(ROOT, 'public', 'images', 'brands');
const SEED = path.join(ROOT, 'supabase', 'seed.sql');
const MAX_BYTES = 12 * 1024;

const SERIF = "Georgia, 'Times New Roman', serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const MONO = "Menlo, Consolas, 'DejaVu Sans Mono', monospace";

// ---------------------------------------------------------------------------------------------
// Small helpers

/** A coordinate, rounded to one decimal. */
function f(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Pt = readonly [number, number];

/** A point at radius r and angle deg, measured clockwise from 12 o'clock. */
function polar(r: number, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  return [r * Math.sin(a), -r * Math.cos(a)];
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const n = parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  const c = x.map((v, i) => Math.round(v + ((y[i] ?? 0) - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Deterministic pseudo-random bytes for a label. */
function bytes(label: string, count: number): number[] {
  const out: number[] = [];
  let block = 0;
  while (out.length < count) {
    out.push(...crypto.createHash('sha256').update(`${label}:${block}`).digest());
    block += 1;
  }
  return out.slice(0, count);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(data: number[]): string {
  let n = 0n;
  for (const b of data) n = n * 256n + BigInt(b);
  let s = '';
  while (n > 0n) {
    s = BASE58[Number(n % 58n)] + s;
    n /= 58n;
  }
  return s;
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${esc(title)}</title>${body}</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Materials

type Palette = { hi: string; mid: string; lo: string; dark: string };

const METALS: Record<Metal, Palette> = {
  steel: { hi: '#f7f8fa', mid: '#c4c8ce', lo: '#7c828a', dark: '#474c53' },
  white: { hi: '#fafaf8', mid: '#d2d3d2', lo: '#8d8f92', dark: '#55585c' },
  yellow: { hi: '#fff1bd', mid: '#e2b756', lo: '#a8792b', dark: '#684816' },
  rose: { hi: '#ffe4d4', mid: '#e4aa8b', lo: '#a66a4e', dark: '#6b3d2a' },
  titanium: { hi: '#dcdee0', mid: '#9c9fa3', lo: '#606468', dark: '#373a3e' },
  ceramic: { hi: '#75767c', mid: '#2c2d31', lo: '#131316', dark: '#050506' },
  bronze: { hi: '#f5cb94', mid: '#bb8449', lo: '#7b4e25', dark: '#452a12' },
};

/** Linear metal gradient, light from the upper left. */
function metalGradient(id: string, m: Palette, x2 = 1, y2 = 1): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
    `<stop offset="0" stop-color="${m.hi}"/><stop offset=".28" stop-color="${m.mid}"/>` +
    `<stop offset=".5" stop-color="${m.hi}"/><stop offset=".74" stop-color="${m.lo}"/>` +
    `<stop offset="1" stop-color="${m.dark}"/></linearGradient>`
  );
}

/** Across-the-width gradient for hands, indices and bracelet links. */
function facetGradient(id: string, m: Palette): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="${m.lo}"/><stop offset=".45" stop-color="${m.hi}"/>` +
    `<stop offset=".55" stop-color="${m.mid}"/><stop offset="1" stop-color="${m.dark}"/></linearGradient>`
  );
}

function background(a: WatchArt): { defs: string; body: string } {
  const warm = a.metal === 'yellow' || a.metal === 'rose' || a.metal === 'bronze';
  const centre = warm ? '#312920' : luminance(a.dial[0]) < 0.3 && a.dial[0] !== a.dial[1] ? mix('#26272b', a.dial[0], 0.12) : '#2a2a2d';
  return {
    defs:
      `<radialGradient id="bg" cx=".5" cy=".4" r=".78"><stop offset="0" stop-color="${centre}"/>` +
      `<stop offset=".55" stop-color="#131214"/><stop offset="1" stop-color="#060607"/></radialGradient>` +
      `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#060607"/>` +
      `<stop offset="1" stop-color="#060607" stop-opacity="0"/></linearGradient>` +
      `<radialGradient id="sd"><stop offset=".62" stop-color="#000" stop-opacity=".75"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    body: `<rect width="800" height="800" fill="url(#bg)"/>`,
  };
}

/** Top and bottom fades, so the strap dissolves into the background. */
const FADES =
  `<rect width="800" height="150" fill="url(#fade)"/>` +
  `<rect y="650" width="800" height="150" fill="url(#fade)" transform="rotate(180 400 725)"/>`;

// ---------------------------------------------------------------------------------------------
// Shapes (centred on 0,0)

type Shape = { d: string; poly: Pt[] | null; r: number };

function circle(r: number): Shape {
  return {
    d: `M0 ${f(-r)}A${f(r)} ${f(r)} 0 1 1 0 ${f(r)}A${f(r)} ${f(r)} 0 1 1 0 ${f(-r)}Z`,
    poly: null,
    r,
  };
}

/** A polygon with rounded corners (quadratic curves through each vertex). */
function roundedPolygon(pts: Pt[], rad: number): Shape {
  const n = pts.length;
  let d = '';
  const poly: Pt[] = [];
  for (let i = 0; i < n; i += 1) {
    const p = pts[i] as Pt;
    const prev = pts[(i + n - 1) % n] as Pt;
    const next = pts[(i + 1) % n] as Pt;
    const toward = (q: Pt, len: number): Pt => {
      const dx = q[0] - p[0];
      const dy = q[1] - p[1];
      const l = Math.hypot(dx, dy);
      const k = Math.min(len, l / 2) / l;
      return [p[0] + dx * k, p[1] + dy * k];
    };
    const a = toward(prev, rad);
    const b = toward(next, rad);
    d += `${i === 0 ? 'M' : 'L'}${f(a[0])} ${f(a[1])}Q${f(p[0])} ${f(p[1])} ${f(b[0])} ${f(b[1])}`;
    for (let t = 0; t <= 1; t += 0.25) {
      const u = 1 - t;
      poly.push([u * u * a[0] + 2 * u * t * p[0] + t * t * b[0], u * u * a[1] + 2 * u * t * p[1] + t * t * b[1]]);
    }
  }
  return { d: `${d}Z`, poly, r: Math.min(...pts.map((p) => Math.hypot(p[0], p[1]))) };
}

function roundRect(hw: number, hh: number, rad: number): Shape {
  const k = rad * 0.45;
  const corners: Pt[] = [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ];
  return {
    d:
      `M${f(-hw + rad)} ${f(-hh)}H${f(hw - rad)}C${f(hw - k)} ${f(-hh)} ${f(hw)} ${f(-hh + k)} ${f(hw)} ${f(-hh + rad)}` +
      `V${f(hh - rad)}C${f(hw)} ${f(hh - k)} ${f(hw - k)} ${f(hh)} ${f(hw - rad)} ${f(hh)}H${f(-hw + rad)}` +
      `C${f(-hw + k)} ${f(hh)} ${f(-hw)} ${f(hh - k)} ${f(-hw)} ${f(hh - rad)}V${f(-hh + rad)}` +
      `C${f(-hw)} ${f(-hh + k)} ${f(-hw + k)} ${f(-hh)} ${f(-hw + rad)} ${f(-hh)}Z`,
    poly: roundedPolygon(corners, rad).poly,
    r: Math.min(hw, hh),
  };
}

function octagon(hw: number, hh: number, cut: number, rad: number): Shape {
  return roundedPolygon(
    [
      [-hw + cut, -hh],
      [hw - cut, -hh],
      [hw, -hh + cut],
      [hw, hh - cut],
      [hw - cut, hh],
      [-hw + cut, hh],
      [-hw, hh - cut],
      [-hw, -hh + cut],
    ],
    rad,
  );
}

/** A barrel: a superellipse whose sides bow out and whose ends are narrower. */
function tonneau(a: number, b: number): Shape {
  const pts: Pt[] = [];
  const n = 3.4;
  for (let i = 0; i < 64; i += 1) {
    const t = (i / 64) * Math.PI * 2;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const y = b * Math.sign(s) * Math.abs(s) ** (2 / n);
    const x = a * Math.sign(c) * Math.abs(c) ** (2 / n) * (1 - 0.2 * (y / b) ** 2);
    pts.push([x, y]);
  }
  // Integer points, relative moves: the outline is used several times per file.
  const ints = pts.map((p) => [Math.round(p[0]), Math.round(p[1])] as const);
  let d = `M${ints[0]?.[0]} ${ints[0]?.[1]}l`;
  for (let i = 1; i < ints.length; i += 1) {
    const p = ints[i] as readonly [number, number];
    const q = ints[i - 1] as readonly [number, number];
    d += `${p[0] - q[0]} ${p[1] - q[1]} `;
  }
  return { d: `${d.trim().replace(/ -/g, '-')}z`, poly: pts, r: Math.min(a, b) };
}

/** Distance from the centre to the outline along the direction deg. */
function radiusAt(shape: Shape, deg: number): number {
  if (!shape.poly) return shape.r;
  const [dx, dy] = polar(1, deg);
  let best = Infinity;
  const pts = shape.poly;
  for (let i = 0; i < pts.length; i += 1) {
    const a = pts[i] as Pt;
    const b = pts[(i + 1) % pts.length] as Pt;
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-9) continue;
    const t = (a[0] * ey - a[1] * ex) / den;
    const u = (a[0] * dy - a[1] * dx) / den;
    if (t > 0 && u >= 0 && u <= 1 && t < best) best = t;
  }
  return best === Infinity ? shape.r : best;
}

// ---------------------------------------------------------------------------------------------
// Geometry of one watch

type Geo = {
  R: number;
  caseShape: Shape;
  bezelOuter: Shape;
  bezelInner: Shape;
  dial: Shape;
  /** Dial inset by k (for tracks and numerals). */
  dialInset: (k: number) => Shape;
  D: number;
  halfH: number;
  strapW: number;
  lugLen: number;
  integrated: boolean;
};

const RING: Record<WatchArt['bezel'], readonly [number, number]> = {
  diver: [0.985, 0.78],
  gmt: [0.985, 0.78],
  tachymeter: [0.985, 0.8],
  slide: [0.985, 0.88],
  fluted: [0.985, 0.83],
  coin: [0.985, 0.87],
  smooth: [0.985, 0.86],
  thin: [0.985, 0.93],
  screws: [0.985, 0.8],
};

function geometry(a: WatchArt): Geo {
  const R = a.shape === 'rect' ? 192 : a.shape === 'tonneau' ? 180 + (a.size - 40) * 3 : 168 + (a.size - 36) * 4.6;
  const integrated = a.strap === 'integrated';
  switch (a.shape) {
    case 'octagon': {
      const pts: Pt[] = [];
      for (let i = 0; i < 8; i += 1) pts.push(polar(R * 0.99, 22.5 + i * 45));
      const D = R * 0.72;
      return {
        R,
        caseShape: roundRect(R * 0.97, R * 1.02, R * 0.42),
        bezelOuter: roundedPolygon(pts, 10),
        bezelInner: circle(R * 0.75),
        dial: circle(D),
        dialInset: (k) => circle(D - k),
        D,
        halfH: R,
        strapW: R * 1.05,
        lugLen: R * 0.2,
        integrated,
      };
    }
    case 'porthole': {
      const dial = (k: number) => octagon(R * 0.74 - k, R * 0.7 - k, R * 0.24, 26 - k / 2);
      return {
        R,
        caseShape: octagon(R * 0.95, R * 0.93, R * 0.3, 34),
        bezelOuter: octagon(R * 0.9, R * 0.87, R * 0.29, 30),
        bezelInner: octagon(R * 0.77, R * 0.73, R * 0.25, 27),
        dial: dial(0),
        dialInset: dial,
        D: R * 0.7,
        halfH: R * 0.93,
        strapW: R * 1.05,
        lugLen: R * 0.2,
        integrated,
      };
    }
    case 'cushion': {
      const dial = (k: number) => roundRect(R * 0.74 - k, R * 0.74 - k, R * 0.3 - k / 2);
      return {
        R,
        caseShape: roundRect(R * 0.95, R * 0.95, R * 0.42),
        bezelOuter: roundRect(R * 0.91, R * 0.91, R * 0.38),
        bezelInner: roundRect(R * 0.77, R * 0.77, R * 0.32),
        dial: dial(0),
        dialInset: dial,
        D: R * 0.74,
        halfH: R * 0.95,
        strapW: R * 1.0,
        lugLen: R * 0.26,
        integrated,
      };
    }
    case 'square': {
      const screws = a.bezel === 'screws';
      const inner = screws ? 0.68 : 0.76;
      const dial = (k: number) => roundRect(R * inner - 3 - k, R * inner - 3 - k, R * 0.09);
      return {
        R,
        caseShape: roundRect(R * 0.88, R * 0.9, R * 0.16),
        bezelOuter: roundRect(R * 0.85, R * 0.87, R * 0.14),
        bezelInner: roundRect(R * inner, R * inner, R * 0.1),
        dial: dial(0),
        dialInset: dial,
        D: R * inner,
        halfH: R * 0.9,
        strapW: R * 1.02,
        lugLen: R * 0.24,
        integrated,
      };
    }
    case 'rect': {
      const dial = (k: number) => roundRect(R * 0.5 - k, R * 0.76 - k, R * 0.05);
      return {
        R,
        caseShape: roundRect(R * 0.66, R * 0.92, R * 0.1),
        bezelOuter: roundRect(R * 0.64, R * 0.9, R * 0.09),
        bezelInner: roundRect(R * 0.52, R * 0.78, R * 0.06),
        dial: dial(0),
        dialInset: dial,
        D: R * 0.62,
        halfH: R * 0.92,
        strapW: R * 1.02,
        lugLen: R * 0.14,
        integrated,
      };
    }
    case 'tonneau': {
      const dial = (k: number) => tonneau(R * 0.71 - k, R * 0.95 - k);
      return {
        R,
        caseShape: tonneau(R * 0.86, R * 1.12),
        bezelOuter: tonneau(R * 0.83, R * 1.09),
        bezelInner: tonneau(R * 0.73, R * 0.97),
        dial: dial(0),
        dialInset: dial,
        D: R * 0.78,
        halfH: R * 1.1,
        strapW: R * 1.02,
        lugLen: R * 0.12,
        integrated,
      };
    }
    default: {
      const [o, i] = RING[a.bezel];
      const D = R * i - R * (a.bezel === 'thin' ? 0.01 : 0.02);
      return {
        R,
        caseShape: circle(R),
        bezelOuter: circle(R * o),
        bezelInner: circle(R * i),
        dial: circle(D),
        dialInset: (k) => circle(D - k),
        D,
        halfH: R,
        strapW: R * 1.0,
        lugLen: R * 0.3,
        integrated,
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of the front and back views

type Ctx = {
  a: WatchArt;
  g: Geo;
  m: Palette;
  hm: Palette;
  lume: string;
  /** Position of the watch in the catalogue: varies small details (date, rotor angle). */
  n: number;
};

function context(a: WatchArt, n: number): Ctx {
  const handMetal: Metal =
    a.handMetal ?? (a.metal === 'ceramic' || a.metal === 'titanium' ? 'white' : a.metal);
  const gilt = luminance(a.ink) < 0.8 && hexToRgb(a.ink)[0] > hexToRgb(a.ink)[2] + 40;
  return {
    a,
    g: geometry(a),
    m: METALS[a.metal],
    hm: METALS[handMetal],
    lume: gilt ? '#f1e4c3' : '#eef2e6',
    n,
  };
}

function commonDefs(c: Ctx): string {
  const { m, hm } = c;
  return (
    metalGradient('m', m) +
    metalGradient('m2', m, 0, 1) +
    facetGradient('hm', hm) +
    `<linearGradient id="lg" x1="0" y1="0" x2="1" y2=".3"><stop offset="0" stop-color="${m.dark}"/><stop offset=".3" stop-color="${m.mid}"/>` +
    `<stop offset=".45" stop-color="${m.hi}"/><stop offset=".7" stop-color="${m.lo}"/><stop offset="1" stop-color="${m.dark}"/></linearGradient>` +
    `<linearGradient id="bl" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${m.dark}"/><stop offset=".12" stop-color="${m.lo}"/>` +
    `<stop offset=".38" stop-color="${m.mid}"/><stop offset=".5" stop-color="${mix(m.mid, m.hi, 0.3)}"/><stop offset=".62" stop-color="${m.mid}"/>` +
    `<stop offset=".88" stop-color="${m.lo}"/><stop offset="1" stop-color="${m.dark}"/></linearGradient>` +
    `<linearGradient id="kn" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="4" spreadMethod="repeat">` +
    `<stop offset="0" stop-color="#000" stop-opacity=".45"/><stop offset=".5" stop-color="#fff" stop-opacity=".35"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".45"/></linearGradient>`
  );
}

/**
 * The strap or bracelet: the top half is drawn once (#st) and mirrored for the bottom half; the
 * centre links of a bracelet are the same outline narrowed.
 */
function straps(c: Ctx, back: boolean): { defs: string; body: string } {
  const { a, g } = c;
  const y0 = -g.halfH * 0.5;
  const y1 = -(g.halfH + g.lugLen);
  const y2 = -440;
  const w0 = g.strapW / 2;
  const w2 = w0 * 0.86;
  let outline: Pt[];
  if (g.integrated) {
    const wc = a.shape === 'round' ? g.R * 0.72 : g.R * 0.8;
    const yb = -(g.halfH + g.R * 0.36);
    outline = [
      [-wc, y0],
      [-wc, -g.halfH * 0.96],
      [-w0 * 1.05, yb],
      [-w2, y2],
      [w2, y2],
      [w0 * 1.05, yb],
      [wc, -g.halfH * 0.96],
      [wc, y0],
    ];
  } else {
    outline = [
      [-w0, y0],
      [-w0, y1],
      [-w2, y2],
      [w2, y2],
      [w0, y1],
      [w0, y0],
    ];
  }
  const defs = `<path id="st" d="M${outline.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z"/>`;
  const layer = (attrs: string, k = 1): string =>
    `<use href="#st"${k === 1 ? '' : ` transform="scale(${k} 1)"`} ${attrs}/><use href="#st" transform="scale(${k} -1)" ${attrs}/>`;
  let body = '';
  const metal = a.strap === 'oyster' || a.strap === 'jubilee' || a.strap === 'integrated' || a.strap === 'mesh';
  if (metal) {
    body += layer('fill="url(#bl)"');
    if (a.strap === 'mesh') body += layer('fill="url(#mesh)"');
    else {
      const centre = a.strap === 'jubilee' ? 0.5 : a.strap === 'integrated' ? 0.3 : 0.36;
      body += layer('fill="url(#pol)" stroke="#000" stroke-opacity=".45" stroke-width="2"', centre);
      if (a.strap === 'jubilee') body += layer('fill="url(#jub)"', centre);
      if (a.strap === 'integrated') body += layer('fill="url(#seam2)"', centre);
      body += layer('fill="url(#seam)"');
    }
  } else {
    const colour = a.strapColour ?? '#2b1d14';
    body += layer(`fill="${colour}"`);
    if (a.strap === 'alligator') body += layer('fill="url(#croc)"');
    if (a.strap === 'rubber') body += layer('fill="url(#ridge)"');
    body += layer('fill="url(#shade)"');
    if ((a.strap === 'leather' || a.strap === 'alligator') && !back) {
      const stitch = mix(colour, '#f3e6cc', 0.55);
      const e0 = w0 - 8;
      const e2 = w2 - 8;
      const d = `M${f(-e0)} ${f(y1)}L${f(-e2)} ${f(y2)}M${f(e0)} ${f(y1)}L${f(e2)} ${f(y2)}`;
      body +=
        `<path id="sti" d="${d}" stroke="${stitch}" stroke-opacity=".75" stroke-width="1.6" stroke-dasharray="6 5" fill="none"/>` +
        `<use href="#sti" transform="scale(1 -1)"/>`;
      const ky = -y1 + 150;
      body +=
        `<rect x="${f(-w0 * 0.96 - 3)}" y="${f(ky)}" width="${f(w0 * 1.92 + 6)}" height="26" rx="4" fill="${mix(colour, '#000', 0.15)}"/>` +
        `<rect x="${f(-w0 * 0.96 - 3)}" y="${f(ky)}" width="${f(w0 * 1.92 + 6)}" height="26" rx="4" fill="url(#shade)"/>`;
    }
  }
  if (back) body += layer('fill="#000" fill-opacity=".28"');
  // Where the strap meets the case: a line of shadow.
  body += `<path d="M${f(-w0)} ${f(y1)}H${f(w0)}M${f(-w0)} ${f(-y1)}H${f(w0)}" stroke="#000" stroke-opacity=".4" stroke-width="3"/>`;
  return { defs, body };
}

function strapDefs(c: Ctx): string {
  const { a, m } = c;
  const colour = a.strapColour ?? '#2b1d14';
  const metal = ['oyster', 'jubilee', 'integrated', 'mesh'].includes(a.strap);
  let defs = metal
    ? ''
    : `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".55"/>` +
      `<stop offset=".18" stop-color="#000" stop-opacity=".05"/><stop offset=".45" stop-color="#fff" stop-opacity=".1"/>` +
      `<stop offset=".8" stop-color="#000" stop-opacity=".1"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></linearGradient>`;
  switch (a.strap) {
    case 'oyster':
    case 'jubilee':
    case 'integrated':
      defs +=
        `<linearGradient id="pol" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${m.lo}"/>` +
        `<stop offset=".3" stop-color="${m.hi}"/><stop offset=".55" stop-color="${m.mid}"/><stop offset=".8" stop-color="${m.lo}"/><stop offset="1" stop-color="${m.mid}"/></linearGradient>` +
        `<pattern id="seam" width="40" height="${a.strap === 'integrated' ? 34 : 30}" patternUnits="userSpaceOnUse">` +
        `<path d="M0 .5H40" stroke="#000" stroke-opacity=".55" stroke-width="2"/><path d="M0 2H40" stroke="#fff" stroke-opacity=".3"/></pattern>`;
      if (a.strap === 'jubilee') {
        defs +=
          `<pattern id="jub" width="58" height="15" patternUnits="userSpaceOnUse" x="${f(-c.g.strapW * 0.5)}">` +
          `<rect x="2" y="1" width="54" height="13" rx="6" fill="${m.hi}" stroke="#000" stroke-opacity=".45"/>` +
          `<rect x="10" y="3" width="38" height="3" rx="1.5" fill="#fff" fill-opacity=".6"/></pattern>`;
      }
      if (a.strap === 'integrated') {
        defs +=
          `<pattern id="seam2" width="40" height="34" y="17" patternUnits="userSpaceOnUse">` +
          `<path d="M0 .5H40" stroke="#000" stroke-opacity=".6" stroke-width="3"/></pattern>`;
      }
      break;
    case 'mesh':
      defs +=
        `<pattern id="mesh" width="6" height="6" patternUnits="userSpaceOnUse">` +
        `<path d="M0 0L6 6M6 0L0 6" stroke="#000" stroke-opacity=".4" stroke-width="1.2"/>` +
        `<path d="M3 0V6" stroke="#fff" stroke-opacity=".25"/></pattern>`;
      break;
    case 'alligator':
      defs +=
        `<pattern id="croc" width="30" height="22" patternUnits="userSpaceOnUse">` +
        `<rect x="2" y="2" width="26" height="18" rx="8" fill="${mix(colour, '#ffffff', 0.08)}" stroke="#000" stroke-opacity=".45" stroke-width="2"/>` +
        `<rect x="-13" y="13" width="26" height="18" rx="8" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="1.5"/></pattern>`;
      break;
    case 'rubber':
      defs +=
        `<pattern id="ridge" width="40" height="12" patternUnits="userSpaceOnUse">` +
        `<rect width="40" height="5" fill="#fff" fill-opacity=".06"/><path d="M0 6H40" stroke="#000" stroke-opacity=".5" stroke-width="2"/></pattern>`;
      break;
    default:
      break;
  }
  return defs;
}

/** Lugs: one horn drawn once and mirrored to the four corners (none for integrated bracelets). */
function lugs(c: Ctx): string {
  const { a, g, m } = c;
  if (g.integrated || a.shape === 'rect') return '';
  const R = g.R;
  const xi = g.strapW / 2 - 3;
  const xo = g.strapW / 2 + R * 0.1;
  const yt = -(g.halfH + g.lugLen);
  const yb = -g.halfH * 0.5;
  const xb = Math.min(xo + R * 0.2, radiusAt(g.caseShape, 60) * 0.86);
  const horn =
    `M${f(xi)} ${f(yb)}V${f(yt + 5)}Q${f(xi)} ${f(yt)} ${f(xi + 5)} ${f(yt)}H${f(xo - 6)}Q${f(xo)} ${f(yt)} ${f(xo)} ${f(yt + 7)}` +
    `C${f(xo + R * 0.01)} ${f(yt + g.lugLen * 0.6)} ${f(xo + R * 0.06)} ${f(-g.halfH * 0.8)} ${f(xb)} ${f(yb)}Z`;
  const edge = `M${f(xo - 1.5)} ${f(yt + 8)}C${f(xo - 0.5)} ${f(yt + g.lugLen * 0.6)} ${f(xo + R * 0.05)} ${f(-g.halfH * 0.8)} ${f(xb - 2)} ${f(yb)}`;
  const one =
    `<path d="${horn}" fill="url(#lg)" stroke="#000" stroke-opacity=".4"/>` +
    `<path d="${edge}" fill="none" stroke="${m.hi}" stroke-opacity=".6" stroke-width="2.5"/>` +
    `<path d="M${f(xi + 2)} ${f(yt + 4)}V${f(-g.halfH * 0.7)}" stroke="#000" stroke-opacity=".3" stroke-width="2"/>`;
  return (
    `<g id="horn">${one}</g><use href="#horn" transform="scale(-1 1)"/>` +
    `<use href="#horn" transform="scale(1 -1)"/><use href="#horn" transform="scale(-1 -1)"/>`
  );
}

function brancards(c: Ctx): string {
  const { g } = c;
  if (c.a.shape !== 'rect') return '';
  const hw = g.R * 0.66;
  const bw = g.R * 0.13;
  const hh = g.halfH + g.lugLen;
  const bar = (x: number): string =>
    `<rect x="${f(x)}" y="${f(-hh)}" width="${f(bw)}" height="${f(hh * 2)}" rx="${f(bw / 2)}" fill="url(#m2)" stroke="#000" stroke-opacity=".35"/>` +
    `<path d="M${f(x + bw * 0.35)} ${f(-hh + 10)}V${f(hh - 10)}" stroke="${c.m.hi}" stroke-width="2.5" stroke-opacity=".8" stroke-linecap="round"/>`;
  return bar(-hw) + bar(hw - bw);
}

/** Crown, crown guards and chronograph pushers, on the right (mirrored for the back view). */
function crownAndPushers(c: Ctx): string {
  const { a, g } = c;
  const xc = radiusAt(g.caseShape, 90);
  const ch = g.R * 0.2;
  let out = '';
  if (a.pushers) {
    for (const ang of [58, 122]) {
      const r = radiusAt(g.caseShape, ang);
      const [px, py] = polar(r - 8, ang);
      const h = g.R * 0.12;
      out += `<rect x="0" y="${f(-h / 2)}" width="${f(g.R * 0.15)}" height="${f(h)}" rx="3" fill="url(#m2)" stroke="#000" stroke-opacity=".4" transform="translate(${f(px)} ${f(py)}) rotate(${ang - 90})"/>`;
    }
  }
  if (a.crown === 'guards') {
    out += `<path d="M${f(xc - 24)} ${f(-ch * 1.25)}Q${f(xc + 14)} ${f(-ch * 1.2)} ${f(xc + 13)} ${f(-ch * 0.5)}V${f(ch * 0.5)}Q${f(xc + 14)} ${f(ch * 1.2)} ${f(xc - 24)} ${f(ch * 1.25)}Z" fill="url(#m2)" stroke="#000" stroke-opacity=".35"/>`;
  }
  if (a.crown === 'onion') {
    const h = g.R * 0.34;
    out +=
      `<rect x="${f(xc - 6)}" y="${f(-h * 0.3)}" width="14" height="${f(h * 0.6)}" fill="url(#m2)"/>` +
      `<rect x="${f(xc + 6)}" y="${f(-h / 2)}" width="30" height="${f(h)}" rx="12" fill="url(#m2)" stroke="#000" stroke-opacity=".4"/>` +
      `<rect x="${f(xc + 6)}" y="${f(-h / 2)}" width="30" height="${f(h)}" rx="12" fill="url(#kn)"/>`;
    return out;
  }
  const w = a.crown === 'guards' ? 20 : 24;
  out +=
    `<rect x="${f(xc - 8)}" y="${f(-ch / 2)}" width="${w + 8}" height="${f(ch)}" rx="5" fill="url(#m2)" stroke="#000" stroke-opacity=".4"/>` +
    `<rect x="${f(xc + 2)}" y="${f(-ch / 2)}" width="${w - 2}" height="${f(ch)}" rx="4" fill="url(#kn)"/>`;
  if (a.crown === 'cabochon') {
    out +=
      `<ellipse cx="${f(xc + w + 4)}" cy="0" rx="7" ry="${f(ch * 0.42)}" fill="#2441a8" stroke="${c.m.lo}" stroke-width="2"/>` +
      `<ellipse cx="${f(xc + w + 2)}" cy="${f(-ch * 0.15)}" rx="2.5" ry="${f(ch * 0.14)}" fill="#a9bcff" fill-opacity=".8"/>`;
  }
  return out;
}

function caseBody(c: Ctx): string {
  const { a, g } = c;
  let out = '';
  if (a.shape === 'porthole') {
    const ear = (x: number): string =>
      `<rect x="${f(x)}" y="${f(-g.R * 0.2)}" width="${f(g.R * 0.16)}" height="${f(g.R * 0.4)}" rx="8" fill="url(#m2)" stroke="#000" stroke-opacity=".35"/>`;
    out += ear(-g.R * 1.06) + ear(g.R * 0.9);
  }
  out +=
    `<use href="#cp" fill="url(#m)" stroke="#000" stroke-opacity=".45" stroke-width="1.5"/>` +
    `<use href="#cp" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="1" transform="scale(.985)"/>`;
  return out;
}

/** Outlines used more than once: the case (#cp) and the bezel (#bo). */
function shapeDefs(c: Ctx): string {
  return `<path id="cp" d="${c.g.caseShape.d}"/><path id="bo" d="${c.g.bezelOuter.d}"/>`;
}

/**
 * The soft shadow under the case: an ellipse whose radial gradient fades out over the width a blur
 * would spread it. The card art uses no SVG filters: with a blur here, browsers that rasterise SVG
 * in software took up to two seconds to paint a listing's first frame, and even a small drop shadow
 * on the hands and indices cost a listing about three Lighthouse points.
 */
function shadow(c: Ctx): string {
  const { g } = c;
  const w = Math.max(radiusAt(g.caseShape, 90), g.strapW / 2 + g.R * 0.12);
  const h = g.halfH + g.lugLen;
  const spread = 36;
  return `<ellipse cx="22" cy="30" rx="${f(w + spread)}" ry="${f(h + spread)}" fill="url(#sd)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Bezel

/** A slotted screw head, defined once per file (#sc) and placed with <use>. */
function screwDef(r: number): string {
  return (
    `<defs><g id="sc"><circle r="${f(r)}" fill="url(#hm)" stroke="#000" stroke-opacity=".5"/>` +
    `<path d="M${f(-r * 0.7)} 0H${f(r * 0.7)}" stroke="#000" stroke-opacity=".6" stroke-width="1.6"/></g></defs>`
  );
}

function screw(x: number, y: number, rot: number): string {
  return `<use href="#sc" transform="translate(${f(x)} ${f(y)}) rotate(${f(rot % 180)})"/>`;
}

function hexScrew(x: number, y: number, r: number, rot: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const [px, py] = polar(r, i * 60 + rot);
    pts.push(`${f(x + px)} ${f(y + py)}`);
  }
  return `<path d="M${pts.join('L')}Z" fill="url(#hm)" stroke="#000" stroke-opacity=".55"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.35)}" fill="#000" fill-opacity=".25"/>`;
}

function bezel(c: Ctx): string {
  const { a, g } = c;
  const R = g.R;
  let out =
    `<use href="#bo" fill="url(#m2)" stroke="#000" stroke-opacity=".3"/>` +
    `<use href="#bo" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.2"/>` +
    `<path d="${g.bezelInner.d}" fill="url(#m)" stroke="#000" stroke-opacity=".3"/>`;
  const ink = a.bezelInk ?? '#e8eaec';
  if (a.shape === 'octagon') {
    for (let i = 0; i < 8; i += 1) {
      const [x, y] = polar(R * 0.86, 22.5 + i * 45);
      out += hexScrew(x, y, R * 0.045, i * 13);
    }
  }
  if (a.shape === 'hublot') {
    for (let i = 0; i < 6; i += 1) {
      const ang = i * 60 + 30;
      const [x, y] = polar(R * 0.895, ang);
      out +=
        `<g transform="translate(${f(x)} ${f(y)}) rotate(${ang})"><circle r="${f(R * 0.045)}" fill="url(#hm)" stroke="#000" stroke-opacity=".5"/>` +
        `<path d="M-3.5 -4V4M3.5 -4V4M-3.5 0H3.5" stroke="#000" stroke-opacity=".6" stroke-width="1.8" fill="none"/></g>`;
    }
  }
  if (a.bezel === 'screws') {
    const angles = a.shape === 'square' ? [0, 45, 90, 135, 180, 225, 270, 315] : [-9, 9, 81, 99, 171, 189, 261, 279];
    out += screwDef(R * 0.04);
    for (const ang of angles) {
      const r = a.shape === 'square' ? (radiusAt(g.bezelOuter, ang) + radiusAt(g.bezelInner, ang)) / 2 : R * 0.89;
      const [x, y] = polar(r, ang);
      out += screw(x, y, ang * 3 + 20);
    }
  }
  if (a.shape !== 'round' && a.shape !== 'hublot') return out;

  const ro = R * 0.945;
  const ri = R * 0.8;
  const mid = (ro + ri) / 2;
  const band = ro - ri;
  const insert = a.insert?.[0] ?? '#111214';
  const numeral = (text: string, ang: number, r: number, size: number): string => {
    const [x, y] = polar(r, ang);
    return `<text transform="translate(${f(x)} ${f(y)}) rotate(${f(ang)})" font-size="${f(size)}">${text}</text>`;
  };
  switch (a.bezel) {
    case 'diver':
    case 'gmt':
    case 'tachymeter': {
      if (a.bezel === 'gmt') {
        const top = a.insert?.[0] ?? '#111';
        const bottom = a.insert?.[1] ?? top;
        const [lx, ly] = polar(mid, 270);
        const [rx, ry] = polar(mid, 90);
        out +=
          `<path d="M${f(lx)} ${f(ly)}A${f(mid)} ${f(mid)} 0 0 1 ${f(rx)} ${f(ry)}" fill="none" stroke="${top}" stroke-width="${f(band)}"/>` +
          `<path d="M${f(rx)} ${f(ry)}A${f(mid)} ${f(mid)} 0 0 1 ${f(lx)} ${f(ly)}" fill="none" stroke="${bottom}" stroke-width="${f(band)}"/>`;
      } else {
        out += `<circle r="${f(mid)}" fill="none" stroke="${insert}" stroke-width="${f(band)}"/>`;
      }
      out += `<circle r="${f(mid)}" fill="none" stroke="url(#ins)" stroke-width="${f(band)}"/>`;
      let marks = '';
      let text = '';
      if (a.bezel === 'diver') {
        for (let i = 1; i < 60; i += 1) {
          if (i % 10 === 0) {
            text += numeral(String(i), i * 6, mid, band * 0.5);
          } else if (i % 5 === 0) {
            const [x1, y1] = polar(ro - 3, i * 6);
            const [x2, y2] = polar(ri + 5, i * 6);
            marks += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
          } else if (i < 15) {
            const [x1, y1] = polar(ro - 3, i * 6);
            const [x2, y2] = polar(ro - band * 0.38, i * 6);
            marks += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
          }
        }
        out += `<path d="${marks}" stroke="${ink}" stroke-width="2.6"/>`;
      } else if (a.bezel === 'gmt') {
        for (let h = 1; h < 24; h += 1) {
          if (h % 2 === 0) text += numeral(String(h), h * 15, mid, band * 0.46);
          else {
            const [x, y] = polar(mid, h * 15);
            marks += `M${f(x)} ${f(y - 4)}l3 6h-6z`;
          }
        }
        out += `<path d="${marks}" fill="${ink}"/>`;
      } else {
        for (const v of [500, 400, 300, 250, 200, 150, 125, 110, 100, 90, 80, 70]) {
          const ang = (3600 / v) * 6;
          text += numeral(String(v), ang, mid + 1, band * 0.36);
          const [x1, y1] = polar(ro - 2, ang);
          const [x2, y2] = polar(ro - 5, ang);
          marks += `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
        }
        out += `<path d="${marks}" stroke="${ink}" stroke-width="1.5"/>`;
        text += numeral('TACHYMETRE', 20, mid + 1, band * 0.3);
      }
      out += `<g fill="${ink}" font-family="${SANS}" font-weight="700" text-anchor="middle" dominant-baseline="central">${text}</g>`;
      // The triangle at zero, with its luminous pip.
      out +=
        `<path d="M${f(-band * 0.34)} ${f(-ro + 3)}H${f(band * 0.34)}L0 ${f(-ri - 4)}Z" fill="${a.bezel === 'tachymeter' ? ink : ink}"/>` +
        (a.bezel === 'tachymeter' ? '' : `<circle cy="${f(-ro + band * 0.36)}" r="${f(band * 0.15)}" fill="${c.lume}" stroke="${c.hm.lo}"/>`);
      break;
    }
    case 'slide': {
      out += `<circle r="${f(R * 0.93)}" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="${f(R * 0.07)}" stroke-dasharray="2.6 2.6"/>`;
      out += `<circle r="${f(R * 0.93)}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="${f(R * 0.04)}" stroke-dasharray="1.2 4" stroke-dashoffset="1"/>`;
      break;
    }
    case 'fluted':
    case 'coin': {
      const dash = a.bezel === 'fluted' ? '4 4' : '1.5 1.7';
      const r = (R * 0.985 + R * RING[a.bezel][1]) / 2;
      const w = R * (0.985 - RING[a.bezel][1]);
      out +=
        `<circle r="${f(r)}" fill="none" stroke="#000" stroke-opacity=".35" stroke-width="${f(w)}" stroke-dasharray="${dash}"/>` +
        `<circle r="${f(r)}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="${f(w)}" stroke-dasharray="${a.bezel === 'fluted' ? '2 6' : '.6 2.6'}" stroke-dashoffset="-4.5"/>`;
      break;
    }
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Dial

function dialDefs(c: Ctx): string {
  const { a } = c;
  let defs =
    `<radialGradient id="dg" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="${a.dial[0]}"/><stop offset="1" stop-color="${a.dial[1]}"/></radialGradient>` +
    `<linearGradient id="sh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/>` +
    `<stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity=".06"/></linearGradient>` +
    (['diver', 'gmt', 'tachymeter'].includes(a.bezel)
      ? `<linearGradient id="ins" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/>` +
        `<stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></linearGradient>`
      : '') +
    (a.complications.some((x) => x.startsWith('chrono') || x === 'smallSeconds' || x === 'panomatic')
      ? `<radialGradient id="cc" r=".07" spreadMethod="repeat"><stop offset="0" stop-color="#fff" stop-opacity=".08"/>` +
        `<stop offset=".5" stop-color="#000" stop-opacity=".14"/><stop offset="1" stop-color="#fff" stop-opacity=".08"/></radialGradient>`
      : '') +
    `<linearGradient id="cr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<path id="dp" d="${c.g.dial.d}"/><clipPath id="dc"><use href="#dp"/></clipPath>`;
  switch (a.texture) {
    case 'tapisserie': {
      const s = a.shape === 'cushion' ? 13 : 9;
      defs +=
        `<pattern id="tx" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><rect width="${s}" height="${s}" fill="#000" fill-opacity=".38"/>` +
        `<rect x="1.2" y="1.2" width="${s - 2.4}" height="${s - 2.4}" rx="${a.shape === 'cushion' ? 3 : 0.6}" fill="#fff" fill-opacity=".07"/>` +
        `<path d="M1.2 1.2h${s - 2.4}l-1.4 1.4H2.6v${s - 5.2}l-1.4 1.4z" fill="#fff" fill-opacity=".2"/></pattern>`;
      break;
    }
    case 'horizontal':
      defs +=
        `<linearGradient id="tx" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="6" spreadMethod="repeat">` +
        `<stop offset="0" stop-color="#fff" stop-opacity=".1"/><stop offset=".5" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#fff" stop-opacity=".1"/></linearGradient>`;
      break;
    case 'teak':
      defs +=
        `<linearGradient id="tx" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="16" y2="0" spreadMethod="repeat">` +
        `<stop offset="0" stop-color="#fff" stop-opacity=".12"/><stop offset=".45" stop-color="#fff" stop-opacity=".12"/>` +
        `<stop offset=".5" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#000" stop-opacity=".3"/></linearGradient>`;
      break;
    case 'wave':
      defs +=
        `<pattern id="tx" width="44" height="16" patternUnits="userSpaceOnUse">` +
        `<path d="M-11 8q11-9 22 0t22 0 22 0" stroke="#000" stroke-opacity=".3" stroke-width="5" fill="none"/>` +
        `<path d="M-11 6q11-9 22 0t22 0 22 0" stroke="#fff" stroke-opacity=".12" stroke-width="2" fill="none"/></pattern>`;
      break;
    case 'guilloche':
      defs +=
        `<radialGradient id="tx" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="4.5" spreadMethod="repeat">` +
        `<stop offset="0" stop-color="#fff" stop-opacity=".1"/><stop offset=".5" stop-color="#000" stop-opacity=".2"/><stop offset="1" stop-color="#fff" stop-opacity=".1"/></radialGradient>`;
      break;
    case 'barleycorn':
      defs +=
        `<pattern id="tx" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
        `<rect width="10" height="10" fill="#000" fill-opacity=".12"/><rect x="1" y="1" width="8" height="8" fill="#fff" fill-opacity=".35"/>` +
        `<path d="M1 9L9 1" stroke="#000" stroke-opacity=".08"/></pattern>`;
      break;
    default:
      break;
  }
  return defs;
}

/** The textured dial surface, clipped to the dial outline. */
function dialSurface(c: Ctx): string {
  const { a, g } = c;
  const D = g.D;
  const box = `x="${f(-g.R)}" y="${f(-g.R * 1.15)}" width="${f(g.R * 2)}" height="${f(g.R * 2.3)}"`;
  let out = `<use href="#dp" fill="url(#dg)"/>`;
  switch (a.texture) {
    case 'sunburst':
    case 'guilloche': {
      const big = g.R * 0.6;
      out +=
        `<circle r="${f(big)}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="${f(big * 2)}" stroke-dasharray="1.4 2.2"/>` +
        `<path d="M0 0L${f(-big * 2)} ${f(-big * 1.2)}L${f(-big * 1.2)} ${f(-big * 2)}ZM0 0L${f(big * 2)} ${f(big * 1.2)}L${f(big * 1.2)} ${f(big * 2)}Z" fill="#fff" fill-opacity=".1"/>` +
        `<path d="M0 0L${f(big * 2)} ${f(-big * 1.2)}L${f(big * 1.2)} ${f(-big * 2)}ZM0 0L${f(-big * 2)} ${f(big * 1.2)}L${f(-big * 1.2)} ${f(big * 2)}Z" fill="#000" fill-opacity="${luminance(a.dial[0]) > 0.6 ? 0.05 : 0.14}"/>`;
      if (a.texture === 'guilloche') out += `<rect ${box} fill="url(#tx)"/>`;
      break;
    }
    case 'tapisserie':
    case 'horizontal':
    case 'teak':
    case 'wave':
    case 'barleycorn':
      out += `<rect ${box} fill="url(#tx)"/>`;
      break;
    case 'skeleton': {
      out += `<use href="#dp" fill="#0a0a0b" fill-opacity=".7"/>`;
      out += gear(D * 0.38, -D * 0.28, D * 0.3, '#6d7075', 5) + gear(-D * 0.34, D * 0.36, D * 0.24, '#8a6b35', 4) + gear(D * 0.12, D * 0.55, D * 0.16, '#6d7075', 3);
      out +=
        `<path d="M${f(-D)} ${f(-D * 0.22)}L${f(D)} ${f(D * 0.02)}L${f(D)} ${f(D * 0.2)}L${f(-D)} ${f(-D * 0.04)}Z" fill="url(#hm)" fill-opacity=".55"/>` +
        `<path d="M${f(-D * 0.1)} ${f(-D)}H${f(D * 0.08)}V${f(D)}H${f(-D * 0.1)}Z" fill="#2a2c30"/>` +
        `<circle r="${f(D * 0.82)}" fill="none" stroke="#1b1c1f" stroke-width="${f(D * 0.14)}"/>`;
      break;
    }
    default:
      break;
  }
  out += `<rect ${box} fill="url(#sh)"/>`;
  return out;
}

/** A toothed wheel: rim with teeth (a dashed stroke), spokes and a jewelled hub. */
function gear(x: number, y: number, r: number, colour: string, spokes: number): string {
  const teeth = Math.max(24, Math.round((2 * Math.PI * r) / 5));
  const dash = (2 * Math.PI * (r + 2)) / teeth / 2;
  let sp = '';
  for (let i = 0; i < spokes; i += 1) {
    const [px, py] = polar(r * 0.85, (360 / spokes) * i + 17);
    sp += `M0 0L${f(px)} ${f(py)}`;
  }
  return (
    `<g transform="translate(${f(x)} ${f(y)})"><circle r="${f(r + 2)}" fill="none" stroke="${colour}" stroke-width="5" stroke-dasharray="${f(dash)} ${f(dash)}"/>` +
    `<circle r="${f(r * 0.88)}" fill="none" stroke="${colour}" stroke-width="${f(Math.max(3, r * 0.12))}"/>` +
    `<path d="${sp}" stroke="${colour}" stroke-width="${f(Math.max(2.5, r * 0.09))}"/>` +
    `<circle r="${f(Math.max(3, r * 0.14))}" fill="${colour}"/><circle r="${f(Math.max(1.6, r * 0.06))}" fill="#a3112a"/></g>`
  );
}

/**
 * Ticks every `every` degrees between `from` and `to` inside the dial outline inset by `base`: a
 * dashed circle on round dials, a dashed outline (evenly spaced along it) on shaped ones.
 */
function ticks(c: Ctx, base: number, from: number, to: number, every: number, attrs: string, width = 1): string {
  const mid = base + (from + to) / 2;
  const shape = c.g.dialInset(mid);
  const count = 360 / every;
  if (!shape.poly) {
    const gap = (2 * Math.PI * shape.r) / count - width;
    return `<circle r="${f(shape.r)}" fill="none" stroke-width="${f(Math.abs(to - from))}" stroke-dasharray="${width} ${gap.toFixed(3)}" stroke-dashoffset="${width / 2}" ${attrs}/>`;
  }
  const pts = shape.poly;
  let length = 0;
  let toTop = 0;
  for (let i = 0; i < pts.length; i += 1) {
    const p = pts[i] as Pt;
    const q = pts[(i + 1) % pts.length] as Pt;
    const seg = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (!toTop && p[1] < 0 && p[0] <= 0 && q[0] > 0) toTop = length + (seg * -p[0]) / (q[0] - p[0]);
    length += seg;
  }
  const period = length / count;
  const offset = (((width / 2 - toTop) % period) + period) % period;
  const d = `M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join('L')}Z`;
  return `<path d="${d}" fill="none" stroke-width="${f(Math.abs(to - from))}" stroke-dasharray="${width} ${(period - width).toFixed(3)}" stroke-dashoffset="${offset.toFixed(2)}" ${attrs}/>`;
}

/** Extra inset of the hour markers when something runs around the dial edge. */
function edgeInset(c: Ctx): number {
  const { a, g } = c;
  if (a.bezel === 'slide') return g.D * 0.17;
  if (a.complications.includes('pointerDate')) return g.D * 0.11;
  return 0;
}

function minuteTrack(c: Ctx): string {
  const { a, g } = c;
  const D = g.D;
  const ink = a.ink;
  let out = '';
  if (a.bezel === 'slide') {
    // The slide-rule flange of a Navitimer.
    out += `<path d="${g.dial.d}${g.dialInset(D * 0.16).d}" fill-rule="evenodd" fill="#0b0b0c"/>`;
    out += ticks(c, 0, 2, 7, 3, `stroke="${ink}"`) + ticks(c, D * 0.16, -5, -1, 6, `stroke="${ink}"`);
    let text = '';
    for (const v of [10, 12, 15, 20, 25, 30, 40, 50, 60, 80]) {
      const ang = Math.log10(v / 10) * 360;
      const [x, y] = polar(D * 0.915, ang);
      text += `<text x="${f(x)}" y="${f(y)}" transform="rotate(${f(ang)} ${f(x)} ${f(y)})">${v}</text>`;
    }
    out += `<g fill="${ink}" font-family="${SANS}" font-size="${f(D * 0.055)}" text-anchor="middle" dominant-baseline="central">${text}</g>`;
    return out;
  }
  if (a.complications.includes('pointerDate')) {
    let text = '';
    for (let day = 2; day <= 31; day += 2) {
      const ang = ((day - 1) / 31) * 360;
      const r = radiusAt(g.dial, ang) - D * 0.065;
      const [x, y] = polar(r, ang);
      text += `<text x="${f(x)}" y="${f(y)}" transform="rotate(${f(ang)} ${f(x)} ${f(y)})">${day}</text>`;
    }
    out +=
      `<g fill="${ink}" font-family="${SANS}" font-size="${f(D * 0.052)}" text-anchor="middle" dominant-baseline="central">${text}</g>` +
      `<circle r="${f(D - D * 0.125)}" fill="none" stroke="${ink}" stroke-opacity=".6" stroke-width="${f(D * 0.02)}" stroke-dasharray="1 ${f((2 * Math.PI * D * 0.875) / 31 - 1)}"/>`;
    return out;
  }
  if (a.indices === 'colour' || a.texture === 'skeleton') return out;
  const railway = a.indices === 'roman' || a.hands === 'leaf' || a.hands === 'pencil';
  if (railway) {
    out += `<path d="${g.dialInset(5).d}${g.dialInset(13).d}" fill="none" stroke="${ink}" stroke-opacity=".85" stroke-width=".9"/>`;
    out += ticks(c, 0, 5, 13, 6, `stroke="${ink}"`);
  } else {
    out += ticks(c, 0, 4, 11, 6, `stroke="${ink}" stroke-opacity=".9"`, 1.3);
  }
  return out;
}

type Slot = 3 | 6 | 9 | 12;

/** Hour positions taken by a complication. */
function blocked(c: Ctx): Set<Slot> {
  const s = new Set<Slot>();
  for (const comp of c.a.complications) {
    if (comp === 'date3') s.add(3);
    if (comp === 'date6' || comp === 'smallSeconds' || comp === 'moonphase') s.add(6);
    if (comp === 'chrono3') [3, 6, 9].forEach((h) => s.add(h as Slot));
    if (comp === 'chrono2') [3, 9].forEach((h) => s.add(h as Slot));
    if (comp === 'chrono12') [12, 6].forEach((h) => s.add(h as Slot));
  }
  return s;
}

const ROMAN = ['XII', 'I', 'II', 'III', 'IIII', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];
const COLOURS = ['#d6453d', '#e58a2e', '#e9c23b', '#7bb04a', '#2f9e8f', '#3c7fc2', '#5b5bc0', '#9b4fb0', '#d0508a', '#c0392b', '#2e86ab', '#e07b39'];

function indices(c: Ctx): string {
  const { a, g, hm } = c;
  const D = g.D;
  const skip = blocked(c);
  const inset = edgeInset(c);
  const at = (h: number, k: number): Pt => polar(radiusAt(g.dial, h * 30) - inset - k, h * 30);
  let out = '';
  let defs = '';
  let text = '';
  let fontSize = 0;
  for (let h = 0; h < 12; h += 1) {
    const slot = (h === 0 ? 12 : h) as Slot;
    if (skip.has(slot) && a.indices !== 'roman') continue;
    const ang = h * 30;
    switch (a.indices) {
      case 'diver': {
        if (h === 0) {
          const [x, y] = at(0, D * 0.1);
          const s = D * 0.085;
          out += `<path d="M${f(x - s)} ${f(y - s * 0.9)}H${f(x + s)}L${f(x)} ${f(y + s * 1.1)}Z" fill="${c.lume}" stroke="url(#hm)" stroke-width="2.5" stroke-linejoin="round"/>`;
        } else if (h % 3 === 0) {
          const len = D * 0.19;
          if (!defs.includes('id="bar"')) {
            defs += `<rect id="bar" x="${f(-D * 0.036)}" y="${f(-len / 2)}" width="${f(D * 0.072)}" height="${f(len)}" rx="2" fill="${c.lume}" stroke="url(#hm)" stroke-width="2.5"/>`;
          }
          out += `<use href="#bar" transform="rotate(${ang}) translate(0 ${f(-(radiusAt(g.dial, ang) - inset - D * 0.07 - len / 2))})"/>`;
        } else {
          if (!defs.includes('id="dot"')) {
            defs += `<circle id="dot" r="${f(D * 0.058)}" fill="${c.lume}" stroke="url(#hm)" stroke-width="2.5"/>`;
          }
          out += `<use href="#dot" transform="rotate(${ang}) translate(0 ${f(-(radiusAt(g.dial, ang) - inset - D * 0.13))})"/>`;
        }
        break;
      }
      case 'baton':
      case 'applied': {
        const wide = a.indices === 'baton' ? D * 0.05 : D * 0.032;
        const len = a.indices === 'baton' ? D * 0.17 : D * 0.13;
        if (!defs.includes('id="ix"')) {
          const lumeRect =
            a.indices === 'baton' && !a.handColour
              ? `<rect x="${f(-wide * 0.22)}" y="${f(-len * 0.36)}" width="${f(wide * 0.44)}" height="${f(len * 0.72)}" fill="${c.lume}"/>`
              : '';
          defs += `<g id="ix"><rect x="${f(-wide / 2)}" y="${f(-len / 2)}" width="${f(wide)}" height="${f(len)}" rx="1" fill="url(#hm)"/>${lumeRect}</g>`;
        }
        const r = radiusAt(g.dial, ang) - inset - D * 0.07 - len / 2;
        const pair = h === 0 ? [-wide * 0.85, wide * 0.85] : [0];
        for (const dx of pair) {
          out += `<use href="#ix" transform="rotate(${ang}) translate(${f(dx)} ${f(-r)})"/>`;
        }
        break;
      }
      case 'roman': {
        const size = a.shape === 'round' ? D * 0.15 : D * 0.17;
        const [x, y] = at(h, (a.shape === 'round' ? D * 0.17 : D * 0.19) + (skip.has(slot) ? D * 0.02 : 0));
        if (skip.has(slot) && slot !== 6) continue;
        if (skip.has(slot) && slot === 6 && a.complications.includes('smallSeconds')) continue;
        const rot = h >= 4 && h <= 8 ? ang + 180 : ang;
        fontSize = size;
        text += `<text transform="translate(${f(x)} ${f(y)}) rotate(${rot}) scale(.82 1)">${ROMAN[h]}</text>`;
        break;
      }
      case 'arabic':
      case 'colour':
      case 'pilot': {
        if (a.indices === 'pilot' && h === 0) {
          const [x, y] = at(0, D * 0.1);
          const s = D * 0.075;
          out +=
            `<path d="M${f(x - s)} ${f(y - s)}H${f(x + s)}L${f(x)} ${f(y + s * 1.2)}Z" fill="${a.ink}"/>` +
            `<circle cx="${f(x - s * 1.7)}" cy="${f(y - s * 0.6)}" r="${f(D * 0.022)}" fill="${a.ink}"/><circle cx="${f(x + s * 1.7)}" cy="${f(y - s * 0.6)}" r="${f(D * 0.022)}" fill="${a.ink}"/>`;
          break;
        }
        const tonneauShape = a.shape === 'tonneau';
        const size = tonneauShape ? D * 0.25 : a.indices === 'pilot' ? D * 0.17 : D * 0.15;
        const [x, y] = at(h, tonneauShape ? D * 0.17 : size * (a.shape === 'round' ? 0.85 : 1.05));
        const fill = a.indices === 'colour' ? ` fill="${COLOURS[h]}"` : '';
        const place = tonneauShape ? `transform="translate(${f(x)} ${f(y)}) scale(.8 1.3)"` : `x="${f(x)}" y="${f(y)}"`;
        fontSize = size;
        text += `<text ${place}${fill}>${h === 0 ? 12 : h}</text>`;
        break;
      }
      default:
        break;
    }
  }
  if (defs) out = `<defs>${defs}</defs>${out}`;
  if (text) {
    const serif = a.indices === 'roman' || a.indices === 'colour' || a.brand === 'Longines';
    const weight = a.indices === 'pilot' || a.shape === 'tonneau' ? '700' : a.brand.startsWith('NOMOS') ? '300' : '400';
    out += `<g fill="${a.ink}" font-family="${serif ? SERIF : SANS}" font-size="${f(fontSize)}" font-weight="${weight}" text-anchor="middle" dominant-baseline="central">${text}</g>`;
  }
  void hm;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Complications

function subdialInk(colour: string): string {
  return luminance(colour) > 0.5 ? '#1a1b1e' : '#eef0f2';
}

/** The body of a sub-dial of radius r, defined once per file as #sub. */
function subdialDef(c: Ctx, r: number): string {
  const { a } = c;
  const colour = a.subdial ?? mix(a.dial[1], '#000000', 0.25);
  const ink = subdialInk(colour);
  const skeleton = a.texture === 'skeleton';
  return (
    `<defs><g id="sub">` +
    (skeleton ? '' : `<circle r="${f(r)}" fill="${colour}"/><circle r="${f(r)}" fill="url(#cc)"/>`) +
    `<circle r="${f(r)}" fill="none" stroke="${skeleton ? a.ink : 'url(#hm)'}" stroke-width="${skeleton ? 1.5 : 2.2}"/>` +
    `<circle r="${f(r - 5)}" fill="none" stroke="${ink}" stroke-width="5" stroke-dasharray="1 ${((2 * Math.PI * (r - 5)) / 30 - 1).toFixed(3)}"/></g></defs>`
  );
}

function subdial(c: Ctx, x: number, y: number, r: number, handAng: number): string {
  const { a } = c;
  const ink = subdialInk(a.subdial ?? mix(a.dial[1], '#000000', 0.25));
  return (
    `<g transform="translate(${f(x)} ${f(y)})"><use href="#sub"/>` +
    `<path d="M0 ${f(r * 0.2)}V${f(-r * 0.82)}" stroke="${a.accent === a.ink ? ink : a.accent}" stroke-width="2.2" stroke-linecap="round" transform="rotate(${handAng % 360})"/>` +
    `<circle r="3" fill="url(#hm)"/></g>`
  );
}

function dateWindow(c: Ctx, x: number, y: number, cyclops: boolean): string {
  const { g, n } = c;
  const D = g.D;
  const w = D * 0.17;
  const h = D * 0.14;
  const day = String(((n * 7) % 28) + 1);
  let out =
    `<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}" rx="1.5" fill="#f3f1ea" stroke="url(#hm)" stroke-width="2.2"/>` +
    `<text x="${f(x)}" y="${f(y)}" font-size="${f(h * 0.74)}">${day}</text>`;
  if (cyclops) {
    const cw = w * 1.55;
    const chh = h * 1.55;
    out +=
      `<rect x="${f(x - cw / 2)}" y="${f(y - chh / 2)}" width="${f(cw)}" height="${f(chh)}" rx="7" fill="#f3f1ea"/>` +
      `<text x="${f(x)}" y="${f(y)}" font-size="${f(h * 1.15)}">${day}</text>` +
      `<rect x="${f(x - cw / 2)}" y="${f(y - chh / 2)}" width="${f(cw)}" height="${f(chh)}" rx="7" fill="url(#cr)" stroke="#fff" stroke-opacity=".55" stroke-width="1.5"/>`;
  }
  return out;
}

function moonAperture(x: number, y: number, r: number, dialColour: string, full: boolean): string {
  // A night sky, a gilt moon, and (for the classic aperture) the two humps that hide the moon.
  const sky =
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#102352"/>` +
    `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.42)}" r="${f(r * 0.36)}" fill="#e6c36b" stroke="#b48a35"/>` +
    `<g fill="#f4e3a8"><circle cx="${f(x + r * 0.35)}" cy="${f(y - r * 0.55)}" r="1.6"/><circle cx="${f(x + r * 0.6)}" cy="${f(y - r * 0.2)}" r="1.2"/>` +
    `<circle cx="${f(x + r * 0.1)}" cy="${f(y - r * 0.75)}" r="1"/><circle cx="${f(x - r * 0.75)}" cy="${f(y - r * 0.1)}" r="1.2"/></g>`;
  if (full) return `${sky}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="url(#hm)" stroke-width="2.5"/>`;
  return (
    `<clipPath id="mp"><path d="M${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}Z"/></clipPath>` +
    `<g clip-path="url(#mp)">${sky}<circle cx="${f(x - r * 0.5)}" cy="${f(y + r * 0.02)}" r="${f(r * 0.5)}" fill="${dialColour}"/>` +
    `<circle cx="${f(x + r * 0.5)}" cy="${f(y + r * 0.02)}" r="${f(r * 0.5)}" fill="${dialColour}"/></g>` +
    `<path d="M${f(x - r)} ${f(y)}A${f(r)} ${f(r)} 0 0 1 ${f(x + r)} ${f(y)}" fill="none" stroke="url(#hm)" stroke-width="2.5"/>`
  );
}

function complications(c: Ctx): string {
  const { a, g, n } = c;
  const D = g.D;
  const dialMid = mix(a.dial[0], a.dial[1], 0.45);
  let out = '';
  let dates = '';
  const has = (x: WatchArt['complications'][number]): boolean => a.complications.includes(x);
  const sub = D * (a.shape === 'round' ? 0.22 : 0.24);
  const off = D * 0.46;
  const subR = has('chrono12') ? sub * 1.1 : has('smallSeconds') ? sub * 0.95 : sub;
  if (a.complications.some((x) => x.startsWith('chrono') || x === 'smallSeconds')) out += subdialDef(c, subR);
  if (has('chrono3')) {
    out += subdial(c, off, 0, sub, 40 + n * 11) + subdial(c, 0, off, sub, 200 + n * 7) + subdial(c, -off, 0, sub, 120 + n * 13);
  }
  if (has('chrono2')) out += subdial(c, off, 0, sub, 30 + n * 9) + subdial(c, -off, 0, sub, 250 + n * 5);
  if (has('chrono12')) out += subdial(c, 0, -off * 0.98, sub * 1.1, 60 + n * 3) + subdial(c, 0, off * 0.98, sub * 1.1, 300);
  if (has('smallSeconds')) out += subdial(c, 0, off, sub * 0.95, 140 + n * 17);
  if (has('moonphase')) out += moonAperture(0, off + D * 0.08, D * 0.21, dialMid, false);
  if (has('date3')) {
    const r = radiusAt(g.dial, 90) - edgeInset(c);
    const x = a.indices === 'diver' ? r - D * 0.2 : r - D * 0.26;
    dates += dateWindow(c, x, 0, has('cyclops'));
  }
  if (has('date6')) {
    const y = has('smallSeconds') ? off + D * 0.02 : radiusAt(g.dial, 180) - edgeInset(c) - D * 0.3;
    dates += has('smallSeconds') ? '' : dateWindow(c, 0, y, false);
  }
  if (has('date45')) {
    const [x, y] = polar(D * 0.64, 135);
    dates += dateWindow(c, x, y, false);
  }
  if (dates) out += `<g font-family="${SANS}" font-weight="700" fill="#151517" text-anchor="middle" dominant-baseline="central">${dates}</g>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hands

type HandShape = { body: string; lume?: string; extra?: string };

function hand(style: WatchArt['hands'], kind: 'h' | 'm', D: number): HandShape {
  const L = kind === 'h' ? D * 0.58 : D * 0.88;
  const dress = style === 'dauphine' || style === 'leaf' || style === 'pencil';
  const w = (kind === 'h' ? 0.075 : 0.055) * D * (dress ? 0.75 : 1) * (style === 'pencil' ? 0.6 : 1);
  const t = D * 0.13;
  const baton = (ww: number, top: number): string =>
    `M${f(-ww / 2)} ${f(t)}V${f(-top + ww)}L0 ${f(-top)}L${f(ww / 2)} ${f(-top + ww)}V${f(t)}Z`;
  const lumeStripe = (ww: number, from: number, to: number): string =>
    `M${f(-ww * 0.25)} ${f(-from)}V${f(-to)}H${f(ww * 0.25)}V${f(-from)}Z`;
  switch (style) {
    case 'baton':
      return { body: baton(w, L), lume: lumeStripe(w, L * 0.22, L - w * 1.4) };
    case 'sword':
    case 'pilot': {
      const ww = style === 'pilot' && kind === 'h' ? w * 1.5 : w * 1.25;
      return {
        body: `M${f(-ww * 0.25)} ${f(t)}L${f(-ww / 2)} ${f(-L * 0.2)}L0 ${f(-L)}L${f(ww / 2)} ${f(-L * 0.2)}L${f(ww * 0.25)} ${f(t)}Z`,
        lume: `M0 ${f(-L * 0.22)}L${f(-ww * 0.26)} ${f(-L * 0.3)}L0 ${f(-L * 0.86)}L${f(ww * 0.26)} ${f(-L * 0.3)}Z`,
      };
    }
    case 'mercedes':
    case 'snowflake':
    case 'arrow': {
      if (kind === 'm') return { body: baton(w, L), lume: lumeStripe(w, L * 0.22, L - w * 1.4) };
      if (style === 'arrow') {
        return {
          body: `M${f(-w / 2)} ${f(t)}V${f(-L * 0.62)}H${f(-w * 1.3)}L0 ${f(-L)}L${f(w * 1.3)} ${f(-L * 0.62)}H${f(w / 2)}V${f(t)}Z`,
          lume: `M${f(-w * 0.8)} ${f(-L * 0.66)}L0 ${f(-L * 0.92)}L${f(w * 0.8)} ${f(-L * 0.66)}Z${lumeStripe(w, L * 0.2, L * 0.58)}`,
        };
      }
      const cy = -L * 0.68;
      if (style === 'snowflake') {
        const s = w * 1.35;
        return {
          body: `${baton(w, L)}M${f(-s)} ${f(cy)}L0 ${f(cy - s)}L${f(s)} ${f(cy)}L0 ${f(cy + s)}Z`,
          lume: `M${f(-s * 0.72)} ${f(cy)}L0 ${f(cy - s * 0.72)}L${f(s * 0.72)} ${f(cy)}L0 ${f(cy + s * 0.72)}Z${lumeStripe(w, L * 0.18, L * 0.55)}`,
        };
      }
      const r = w * 1.25;
      return {
        body: `${baton(w, L)}M${f(r)} ${f(cy)}A${f(r)} ${f(r)} 0 1 1 ${f(-r)} ${f(cy)}A${f(r)} ${f(r)} 0 1 1 ${f(r)} ${f(cy)}Z`,
        lume: `M${f(r - 2)} ${f(cy)}A${f(r - 2)} ${f(r - 2)} 0 1 1 ${f(-r + 2)} ${f(cy)}A${f(r - 2)} ${f(r - 2)} 0 1 1 ${f(r - 2)} ${f(cy)}Z${lumeStripe(w, L * 0.2, L * 0.55)}`,
        extra: `M0 ${f(cy)}V${f(cy - r)}M0 ${f(cy)}L${f(r * 0.87)} ${f(cy + r * 0.5)}M0 ${f(cy)}L${f(-r * 0.87)} ${f(cy + r * 0.5)}`,
      };
    }
    case 'dauphine':
      return {
        body: `M0 ${f(t * 0.6)}L${f(-w * 0.9)} ${f(-L * 0.18)}L0 ${f(-L)}Z`,
        extra: `M0 ${f(t * 0.6)}L${f(w * 0.9)} ${f(-L * 0.18)}L0 ${f(-L)}Z`,
      };
    case 'leaf':
      return {
        body: `M0 ${f(t * 0.6)}C${f(-w * 1.5)} ${f(-L * 0.3)} ${f(-w * 0.9)} ${f(-L * 0.72)} 0 ${f(-L)}C${f(w * 0.9)} ${f(-L * 0.72)} ${f(w * 1.5)} ${f(-L * 0.3)} 0 ${f(t * 0.6)}Z`,
      };
    case 'pencil':
    default:
      return { body: `M${f(-w / 2)} ${f(t * 0.7)}V${f(-L * 0.93)}L0 ${f(-L)}L${f(w / 2)} ${f(-L * 0.93)}V${f(t * 0.7)}Z` };
  }
}

function hands(c: Ctx, cx = 0, cy = 0, scale = 1): string {
  const { a, g, n } = c;
  const D = g.D * scale;
  const fill = a.handColour ?? 'url(#hm)';
  const hourAng = 304.5;
  const minAng = 54;
  const chrono = a.complications.some((x) => x.startsWith('chrono'));
  const secAng = chrono ? 0 : ((n * 37 + 23) % 60) * 6;
  const lumed = !a.handColour && !['dauphine', 'leaf', 'pencil'].includes(a.hands);
  const draw = (shape: HandShape, ang: number): string =>
    `<g transform="rotate(${ang})"><path d="${shape.body}" fill="${fill}" stroke="#000" stroke-opacity=".25" stroke-width=".6"/>` +
    (shape.lume && lumed ? `<path d="${shape.lume}" fill="${c.lume}"/>` : '') +
    (shape.extra
      ? a.hands === 'dauphine'
        ? `<path d="${shape.extra}" fill="${c.hm.lo}"/>`
        : `<path d="${shape.extra}" stroke="${a.handColour ?? c.hm.mid}" stroke-width="1.6"/>`
      : '') +
    `</g>`;
  let out = `<g transform="translate(${f(cx)} ${f(cy)})">`;
  if (a.complications.includes('gmt')) {
    const L = D * 0.86;
    out += `<g transform="rotate(152)"><path d="M-1.3 ${f(D * 0.1)}V${f(-L + 16)}H1.3V${f(D * 0.1)}Z" fill="${a.accent}"/><path d="M-9 ${f(-L + 18)}L0 ${f(-L)}L9 ${f(-L + 18)}Z" fill="${a.accent}" stroke="${c.hm.hi}" stroke-width="1.5"/></g>`;
  }
  if (a.complications.includes('pointerDate')) {
    const L = g.D * 0.8;
    const dayAng = ((((n * 7) % 28) + 1 - 1) / 31) * 360;
    out += `<g transform="rotate(${f(dayAng)})"><path d="M-1 8V${f(-L)}H1V8Z" fill="${a.accent}"/><path d="M-6 ${f(-L - 3)}A7 7 0 0 0 6 ${f(-L - 3)}A9 9 0 0 1 -6 ${f(-L - 3)}Z" fill="${a.accent}"/></g>`;
  }
  out += draw(hand(a.hands, 'h', D), hourAng) + draw(hand(a.hands, 'm', D), minAng);
  if (!a.complications.includes('smallSeconds') && !a.complications.includes('panomatic')) {
    const L = D * 0.9;
    const lollipop = a.indices === 'diver' ? `<circle cy="${f(-L * 0.72)}" r="${f(D * 0.035)}" fill="${c.lume}" stroke="${a.accent}" stroke-width="2"/>` : '';
    out += `<g transform="rotate(${secAng})"><path d="M-.9 ${f(D * 0.22)}V${f(-L)}H.9V${f(D * 0.22)}Z" fill="${a.accent}"/><circle cy="${f(D * 0.2)}" r="${f(D * 0.03)}" fill="${a.accent}"/>${lollipop}</g>`;
  }
  out += `<circle r="${f(D * 0.035)}" fill="${a.handColour ?? 'url(#hm)'}"/><circle r="${f(D * 0.012)}" fill="#000" fill-opacity=".4"/></g>`;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Printing on the dial

const SANS_BRANDS = new Set(['TAG Heuer', 'Hublot', 'IWC Schaffhausen', 'NOMOS Glashütte', 'Oris', 'Rado', 'Breitling', 'Tudor']);

function printing(c: Ctx): string {
  const { a, g } = c;
  const D = g.D;
  const [first, second] = a.print;
  const has = (x: WatchArt['complications'][number]): boolean => a.complications.includes(x);
  const y1 = has('chrono12') ? -D * 0.1 : a.shape === 'rect' ? -D * 0.5 : a.shape === 'tonneau' ? -D * 0.2 : -D * 0.4;
  const mixed = (s: string): boolean => s !== s.toUpperCase();
  const line = (text: string, y: number, size: number, serifFont: boolean, italic: boolean, spacing: number): string =>
    `<text x="0" y="${f(y)}" font-family="${serifFont ? SERIF : SANS}" font-size="${f(size)}"${italic ? ' font-style="italic"' : ''} letter-spacing="${f(spacing)}">${esc(text)}</text>`;
  let out = '';
  const room = a.indices === 'arabic' || a.indices === 'pilot' ? D * 0.8 : D * 1.05;
  const firstSize = Math.min(a.shape === 'tonneau' ? D * 0.085 : D * 0.105, room / (first.length * 0.72));
  out += line(first, y1, firstSize, !SANS_BRANDS.has(a.brand) || mixed(first), false, mixed(first) ? 0 : firstSize * 0.12);
  if (second && !has('chrono12')) {
    const s2 = mixed(second) ? D * 0.075 : D * 0.046;
    out += line(second, y1 + firstSize * 0.6 + s2 * 1.05, s2, mixed(second), mixed(second), mixed(second) ? 0 : s2 * 0.22);
  }
  const lowerBusy = has('chrono3') || has('smallSeconds') || has('moonphase') || has('chrono12');
  if (a.footer && !lowerBusy) {
    const y = has('date6') || has('chrono2') ? D * 0.3 : D * 0.36;
    const s = mixed(a.footer) ? D * 0.07 : D * 0.048;
    out += line(a.footer, y, s, mixed(a.footer), mixed(a.footer), mixed(a.footer) ? 0 : s * 0.2);
  }
  return `<g fill="${a.ink}" text-anchor="middle" dominant-baseline="central">${out}</g>`;
}

/** The asymmetric dial of the PanoMaticLunar: off-centre time, small seconds, big date, moon. */
function panomatic(c: Ctx): string {
  const { a, g } = c;
  const D = g.D;
  const cx = -D * 0.2;
  const cy = -D * 0.06;
  const r1 = D * 0.55;
  let out = subdialDef(c, D * 0.25) + subdial(c, D * 0.2, D * 0.5, D * 0.25, 150);
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r1)}" fill="url(#dg)" stroke="${a.ink}" stroke-opacity=".35"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r1)}" fill="url(#cc)"/>`;
  out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r1 - 6)}" fill="none" stroke="${a.ink}" stroke-width="6" stroke-dasharray="1 ${f((2 * Math.PI * (r1 - 6)) / 60 - 1)}"/>`;
  let text = '';
  for (let h = 0; h < 12; h += 1) {
    const [x, y] = polar(r1 - D * 0.14, h * 30);
    text += h % 3 === 0 ? `<text x="${f(cx + x)}" y="${f(cy + y)}">${ROMAN[h]}</text>` : `<circle cx="${f(cx + x)}" cy="${f(cy + y)}" r="2.2"/>`;
  }
  out += `<g fill="${a.ink}" font-family="${SERIF}" font-size="${f(D * 0.1)}" text-anchor="middle" dominant-baseline="central">${text}</g>`;
  // Panorama date: two discs side by side.
  const dx = D * 0.5;
  const dy = D * 0.2;
  const w = D * 0.16;
  const h = D * 0.2;
  out +=
    `<g font-family="${SERIF}" font-size="${f(h * 0.8)}" fill="#151517" text-anchor="middle" dominant-baseline="central">` +
    `<rect x="${f(dx - w - 1)}" y="${f(dy - h / 2)}" width="${f(w * 2 + 2)}" height="${f(h)}" fill="url(#hm)"/>` +
    `<rect x="${f(dx - w + 1)}" y="${f(dy - h / 2 + 2)}" width="${f(w - 2)}" height="${f(h - 4)}" fill="#f6f4ee"/>` +
    `<rect x="${f(dx + 1)}" y="${f(dy - h / 2 + 2)}" width="${f(w - 2)}" height="${f(h - 4)}" fill="#f6f4ee"/>` +
    `<text x="${f(dx - w / 2)}" y="${f(dy)}">1</text><text x="${f(dx + w / 2)}" y="${f(dy)}">7</text></g>`;
  out += moonAperture(D * 0.46, -D * 0.42, D * 0.17, a.dial[0], true);
  out += `<text x="${f(cx)}" y="${f(cy + r1 * 0.42)}" fill="${a.ink}" font-family="${SERIF}" font-size="${f(D * 0.05)}" letter-spacing="1.5" text-anchor="middle">${esc(a.print[0])}</text>`;
  out += hands(c, cx, cy, 0.62);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Views

function crystal(c: Ctx): string {
  const D = c.g.D;
  return (
    `<g clip-path="url(#dc)"><use href="#dp" fill="none" stroke="#000" stroke-opacity=".5" stroke-width="7"/>` +
    `<ellipse cx="${f(-D * 0.25)}" cy="${f(-D * 0.55)}" rx="${f(D * 1.05)}" ry="${f(D * 0.55)}" transform="rotate(-28)" fill="url(#cr)"/></g>`
  );
}

/** The watch head and strap seen from the front, centred on 0,0. */
function frontWatch(c: Ctx): { defs: string; body: string } {
  const { a } = c;
  const strap = straps(c, false);
  const defs =
    commonDefs(c) +
    strapDefs(c) +
    dialDefs(c) +
    strap.defs +
    shapeDefs(c);
  const dial =
    `<g clip-path="url(#dc)">${dialSurface(c)}</g>` +
    (a.complications.includes('panomatic')
      ? panomatic(c)
      : minuteTrack(c) + complications(c) + indices(c) + printing(c) + hands(c));
  const body =
    shadow(c) +
    lugs(c) +
    strap.body +
    crownAndPushers(c) +
    caseBody(c) +
    brancards(c) +
    bezel(c) +
    dial +
    crystal(c);
  return { defs, body };
}

function frontView(c: Ctx): string {
  const bg = background(c.a);
  const w = frontWatch(c);
  return svg(
    800,
    800,
    `${c.a.brand} ${c.a.model}, front view`,
    `<defs>${bg.defs}${w.defs}</defs>${bg.body}<g transform="translate(400 400)">${w.body}</g>${FADES}`,
  );
}

/** A close-up of the dial: the same drawing, enlarged around the upper right of the dial. */
function detailView(c: Ctx): string {
  const bg = background(c.a);
  const w = frontWatch(c);
  const D = c.g.D;
  const vignette =
    `<radialGradient id="vg" cx=".5" cy=".5" r=".72"><stop offset=".55" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".75"/></radialGradient>`;
  return svg(
    800,
    800,
    `${c.a.brand} ${c.a.model}, dial detail`,
    `<defs>${bg.defs}${w.defs}${vignette}</defs>${bg.body}` +
      `<g transform="translate(400 400) scale(2.15) translate(${f(-D * 0.22)} ${f(D * 0.12)})">${w.body}</g>` +
      `<rect width="800" height="800" fill="url(#vg)"/>`,
  );
}

function movement(c: Ctx, W: number): string {
  const { a, n } = c;
  const german = a.brand === 'Glashütte Original' || a.brand === 'NOMOS Glashütte';
  const plate = german ? '#d9cfae' : '#c7cacf';
  const gold = '#d9b45e';
  const steelWheel = '#b9bdc3';
  let out =
    `<circle r="${f(W)}" fill="${plate}"/><circle r="${f(W)}" fill="url(#perl)"/>` +
    gear(W * 0.36, W * 0.3, W * 0.25, gold, 4) +
    gear(W * 0.04, W * 0.58, W * 0.17, gold, 4) +
    gear(W * 0.62, -W * 0.02, W * 0.14, gold, 3);
  // Balance wheel with its hairspring.
  const bx = -W * 0.45;
  const by = W * 0.36;
  const br = W * 0.26;
  let spring = '';
  for (let i = 1; i <= 5; i += 1) spring += `<circle r="${f(br * 0.14 * i)}"/>`;
  out +=
    `<g transform="translate(${f(bx)} ${f(by)})"><g fill="none" stroke="#7f93b5" stroke-width=".9">${spring}</g>` +
    `<circle r="${f(br)}" fill="none" stroke="${gold}" stroke-width="6"/>` +
    `<path d="M${f(-br)} 0H${f(br)}M0 ${f(-br)}V${f(br)}" stroke="${gold}" stroke-width="3"/></g>`;
  // Bridges with Geneva stripes and polished bevels.
  const bridge = `M${f(-W)} ${f(-W * 0.02)}C${f(-W * 0.4)} ${f(-W * 0.18)} ${f(W * 0.2)} ${f(W * 0.12)} ${f(W)} ${f(-W * 0.28)}V${f(-W)}H${f(-W)}Z`;
  const cock = `M${f(-W)} ${f(W * 0.95)}L${f(bx - br * 0.2)} ${f(by + br * 0.15)}A${f(br * 0.3)} ${f(br * 0.3)} 0 1 1 ${f(bx + br * 0.15)} ${f(by + br * 0.3)}L${f(-W * 0.6)} ${f(W)}Z`;
  out +=
    `<defs><path id="b1" d="${bridge}"/><path id="b2" d="${cock}"/>` +
    `<g id="jw"><circle r="6" fill="${gold}"/><circle r="3.6" fill="#a3112a"/><circle cx="-1.2" cy="-1.2" r="1.1" fill="#fff" fill-opacity=".8"/></g>` +
    `<g id="bs"><circle r="5" fill="#2c4fa6" stroke="#16295a"/><path d="M-3.5 0H3.5" stroke="#0d1a3a" stroke-width="1.4"/></g></defs>`;
  for (const id of ['b1', 'b2']) {
    out += `<use href="#${id}" fill="${plate}"/><use href="#${id}" fill="url(#cotes)"/><use href="#${id}" fill="none" stroke="#fff" stroke-opacity=".85" stroke-width="2.5"/>`;
  }
  const jewel = (x: number, y: number): string => `<use href="#jw" transform="translate(${f(x)} ${f(y)})"/>`;
  const blued = (x: number, y: number, rot: number): string =>
    `<use href="#bs" transform="translate(${f(x)} ${f(y)}) rotate(${rot})"/>`;
  out +=
    jewel(-W * 0.2, -W * 0.28) +
    jewel(W * 0.28, -W * 0.4) +
    jewel(W * 0.66, -W * 0.46) +
    jewel(bx, by) +
    blued(-W * 0.62, -W * 0.34, 20) +
    blued(W * 0.08, -W * 0.62, 75) +
    blued(W * 0.82, -W * 0.4, 130) +
    blued(-W * 0.78, W * 0.56, 40);
  out += `<text x="${f(-W * 0.1)}" y="${f(-W * 0.55)}" fill="#7a5d22" font-family="${SERIF}" font-size="${f(W * 0.075)}" letter-spacing="2" text-anchor="middle">${a.automatic ? 'TWENTY-SEVEN' : 'SEVENTEEN'} JEWELS</text>`;
  if (a.automatic) {
    const rot = (n * 47 + 20) % 360;
    const Rr = W * 0.97;
    const [x1, y1] = polar(Rr, rot);
    const [x2, y2] = polar(Rr, rot + 180);
    const [x3, y3] = polar(Rr * 0.78, rot + 180);
    const [x4, y4] = polar(Rr * 0.78, rot);
    const tone = a.rotor === 'gold' ? METALS.yellow : a.rotor === 'black' ? METALS.ceramic : METALS.steel;
    const textAng = rot + 90;
    const [tx, ty] = polar(Rr * 0.5, textAng);
    const upright = ((textAng % 360) + 360) % 360;
    const flip = upright > 90 && upright < 270 ? textAng + 180 : textAng;
    out +=
      `<defs><path id="ro" d="M0 0L${f(x1)} ${f(y1)}A${f(Rr)} ${f(Rr)} 0 0 1 ${f(x2)} ${f(y2)}Z"/></defs>` +
      `<use href="#ro" fill="url(#rotor)" stroke="#000" stroke-opacity=".4"/><use href="#ro" fill="url(#circ)"/>` +
      `<path d="M${f(x1)} ${f(y1)}A${f(Rr)} ${f(Rr)} 0 0 1 ${f(x2)} ${f(y2)}L${f(x3)} ${f(y3)}A${f(Rr * 0.78)} ${f(Rr * 0.78)} 0 0 0 ${f(x4)} ${f(y4)}Z" fill="${tone.lo}" fill-opacity=".55"/>` +
      `<text transform="translate(${f(tx)} ${f(ty)}) rotate(${f(flip)})" fill="${a.rotor === 'black' ? '#d9b45e' : tone.dark}" font-family="${SERIF}" font-size="${f(W * 0.1)}" letter-spacing="3" text-anchor="middle" dominant-baseline="central">${esc(a.brand.toUpperCase())}</text>` +
      `<circle r="${f(W * 0.1)}" fill="url(#hm)" stroke="#000" stroke-opacity=".4"/>` +
      blued(0, 0, rot);
  } else {
    // Hand-wound: the ratchet and crown wheels sit on top of the barrel bridge.
    out +=
      `<circle cx="${f(-W * 0.1)}" cy="${f(-W * 0.32)}" r="${f(W * 0.3)}" fill="${steelWheel}" stroke="${steelWheel}" stroke-width="5" stroke-dasharray="3 3"/>` +
      `<circle cx="${f(-W * 0.1)}" cy="${f(-W * 0.32)}" r="${f(W * 0.27)}" fill="url(#circ)"/>` +
      blued(-W * 0.1, -W * 0.32, 10) +
      `<circle cx="${f(W * 0.38)}" cy="${f(-W * 0.52)}" r="${f(W * 0.13)}" fill="${steelWheel}" stroke="${steelWheel}" stroke-width="4" stroke-dasharray="2.5 2.5"/>`;
  }
  return out;
}

function backView(c: Ctx): string {
  const { a, g } = c;
  const bg = background(a);
  const W = Math.min(radiusAt(g.bezelOuter, 90), radiusAt(g.bezelOuter, 0)) * 0.7;
  const tone = a.rotor === 'gold' ? METALS.yellow : a.rotor === 'black' ? METALS.ceramic : METALS.steel;
  const strap = straps(c, true);
  const defs =
    commonDefs(c) +
    strapDefs(c) +
    strap.defs +
    shapeDefs(c) +
    metalGradient('rotor', tone) +
    `<pattern id="perl" width="9" height="9" patternUnits="userSpaceOnUse"><circle cx="4.5" cy="4.5" r="5" fill="url(#pg)"/></pattern>` +
    `<radialGradient id="pg"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#000" stop-opacity=".18"/></radialGradient>` +
    `<linearGradient id="cotes" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="9" y2="9" spreadMethod="repeat">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".5" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#fff" stop-opacity=".5"/></linearGradient>` +
    `<radialGradient id="circ" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="7" spreadMethod="repeat">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".5" stop-color="#000" stop-opacity=".12"/><stop offset="1" stop-color="#fff" stop-opacity=".22"/></radialGradient>` +
    `<radialGradient id="brush" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="2.4" spreadMethod="repeat">` +
    `<stop offset="0" stop-color="#fff" stop-opacity=".06"/><stop offset=".5" stop-color="#000" stop-opacity=".05"/><stop offset="1" stop-color="#fff" stop-opacity=".06"/></radialGradient>` +
    `<linearGradient id="cr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<clipPath id="wc"><circle r="${f(W)}"/></clipPath><path id="tp" d="M0 ${f(W + 16)}A${f(W + 16)} ${f(W + 16)} 0 1 1 0 ${f(-W - 16)}A${f(W + 16)} ${f(W + 16)} 0 1 1 0 ${f(W + 16)}"/>`;
  const origin = a.brand === 'Glashütte Original' || a.brand === 'NOMOS Glashütte' ? 'MADE IN GERMANY' : 'SWISS MADE';
  const legend = `${a.brand.toUpperCase()} · REF. ${a.reference} · SAPPHIRE CRYSTAL · ${origin}`;
  const circumference = 2 * Math.PI * (W + 16);
  const size = Math.min(11, (circumference * 0.92) / (legend.length * 0.82));
  let screws = screwDef(5.5);
  for (let i = 0; i < 6; i += 1) {
    const ang = i * 60 + 30;
    const r = Math.min(radiusAt(g.bezelOuter, ang) - 13, W + 40);
    if (r < W + 30) continue;
    const [x, y] = polar(r, ang);
    screws += screw(x, y, ang + i * 17);
  }
  const body =
    shadow(c) +
    lugs(c) +
    strap.body +
    `<g transform="scale(-1 1)">${crownAndPushers(c)}</g>` +
    caseBody(c) +
    brancards(c) +
    `<use href="#bo" fill="url(#m2)" stroke="#000" stroke-opacity=".35"/><use href="#bo" fill="url(#brush)"/>` +
    screws +
    `<text font-family="${SANS}" font-size="${f(size)}" letter-spacing="1.6" fill="#000" fill-opacity=".5"><textPath href="#tp" startOffset="50%" text-anchor="middle">${esc(legend)}</textPath></text>` +
    `<circle r="${f(W + 4)}" fill="none" stroke="url(#m)" stroke-width="8"/>` +
    `<g clip-path="url(#wc)">${movement(c, W)}<circle r="${f(W)}" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="8"/>` +
    `<ellipse cx="${f(-W * 0.3)}" cy="${f(-W * 0.55)}" rx="${f(W * 1.05)}" ry="${f(W * 0.5)}" transform="rotate(-28)" fill="url(#cr)"/></g>`;
  return svg(
    800,
    800,
    `${a.brand} ${a.model}, caseback and movement`,
    `<defs>${bg.defs}${defs}</defs>${bg.body}<g transform="translate(400 400)">${body}</g>${FADES}`,
  );
}

// ---------------------------------------------------------------------------------------------
// NFT certificate

/** A QR-like matrix: three finder squares, timing rows and modules from the watch's hash. */
function qrPath(seed: number[], size: number): string {
  const N = 25;
  const grid: boolean[][] = Array.from({ length: N }, () => Array.from({ length: N }, () => false));
  const finder = (ox: number, oy: number): void => {
    for (let y = 0; y < 7; y += 1) {
      for (let x = 0; x < 7; x += 1) {
        const edge = x === 0 || y === 0 || x === 6 || y === 6;
        const core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
        (grid[oy + y] as boolean[])[ox + x] = edge || core;
      }
    }
  };
  const reserved = (x: number, y: number): boolean =>
    (x < 8 && y < 8) || (x >= N - 8 && y < 8) || (x < 8 && y >= N - 8);
  let bit = 0;
  for (let y = 0; y < N; y += 1) {
    for (let x = 0; x < N; x += 1) {
      if (reserved(x, y)) continue;
      if (x === 6 || y === 6) {
        (grid[y] as boolean[])[x] = (x + y) % 2 === 0;
        continue;
      }
      const byte = seed[Math.floor(bit / 8) % seed.length] ?? 0;
      (grid[y] as boolean[])[x] = ((byte >> (bit % 8)) & 1) === 1;
      bit += 1;
    }
  }
  finder(0, 0);
  finder(N - 7, 0);
  finder(0, N - 7);
  const u = size / N;
  let d = '';
  for (let y = 0; y < N; y += 1) {
    let x = 0;
    while (x < N) {
      if (!grid[y]?.[x]) {
        x += 1;
        continue;
      }
      let run = 0;
      while (x + run < N && grid[y]?.[x + run]) run += 1;
      d += `M${f(x * u)} ${f(y * u)}h${f(run * u)}v${f(u)}h${f(-run * u)}z`;
      x += run;
    }
  }
  return d;
}

function wrap(text: string, max: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && `${line} ${w}`.length > max) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

function nftCard(c: Ctx): string {
  const { a, n, m } = c;
  const hash = base58(bytes(`orx:${a.slug}`, 32));
  const token = `ORX #${String(n + 1).padStart(4, '0')}`;
  const gold = '#d8b872';
  const ivory = '#f3efe6';
  const muted = '#8d8799';
  const modelLines = wrap(a.model, 24).slice(0, 2);
  const row = (label: string, value: string, y: number, mono = false): string =>
    `<text x="410" y="${y}" fill="${muted}" font-family="${SANS}" font-size="11" letter-spacing="2.5">${label}</text>` +
    `<text x="410" y="${y + 22}" fill="${ivory}" font-family="${mono ? MONO : SANS}" font-size="${mono ? 14 : 16}">${esc(value)}</text>`;
  // A miniature of the watch: case, bezel, dial, hour marks and hands.
  const mini =
    `<g transform="translate(245 345)"><circle r="102" fill="#000" fill-opacity=".45" filter="url(#blur)"/>` +
    `<circle r="96" fill="url(#m)"/><circle r="86" fill="${a.insert?.[0] ?? m.mid}"/><circle r="86" fill="url(#m2)" fill-opacity="${a.insert ? 0.15 : 0.9}"/>` +
    `<circle r="72" fill="url(#dg)"/><circle r="64" fill="none" stroke="${a.ink}" stroke-width="9" stroke-dasharray="2.4 ${f((2 * Math.PI * 64) / 12 - 2.4)}" stroke-dashoffset="1.2" transform="rotate(-90)"/>` +
    `<path d="M-2.5 6V-38L0 -42L2.5 -38V6Z" fill="${a.handColour ?? m.hi}" transform="rotate(304.5)"/>` +
    `<path d="M-2 8V-58L0 -62L2 -58V8Z" fill="${a.handColour ?? m.hi}" transform="rotate(54)"/>` +
    `<circle r="4" fill="${m.hi}"/><ellipse cx="-20" cy="-40" rx="70" ry="34" transform="rotate(-28)" fill="#fff" fill-opacity=".08"/></g>`;
  const body =
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    `<circle cx="120" cy="90" r="260" fill="#9945ff" fill-opacity=".12" filter="url(#glow)"/>` +
    `<circle cx="700" cy="720" r="260" fill="#14f195" fill-opacity=".08" filter="url(#glow)"/>` +
    `<rect x="80" y="60" width="640" height="680" rx="28" fill="url(#card)" stroke="url(#edge)" stroke-width="2"/>` +
    `<rect x="96" y="76" width="608" height="648" rx="18" fill="none" stroke="${gold}" stroke-opacity=".3"/>` +
    // Header: the ORX mark and the network.
    `<g transform="translate(136 122)"><path d="M0 -16L16 0L0 16L-16 0Z" fill="none" stroke="${gold}" stroke-width="1.6"/><path d="M0 -8L8 0L0 8L-8 0Z" fill="${gold}"/></g>` +
    `<text x="166" y="133" fill="${gold}" font-family="${SERIF}" font-size="30" letter-spacing="9">ORX</text>` +
    `<rect x="512" y="106" width="170" height="30" rx="15" fill="none" stroke="#14f195" stroke-opacity=".7"/>` +
    `<text x="597" y="126" fill="#9ff5cf" font-family="${SANS}" font-size="11" letter-spacing="2" text-anchor="middle">SOLANA · DEVNET</text>` +
    `<path d="M120 164H680" stroke="url(#rule)"/>` +
    `<text x="400" y="196" fill="${muted}" font-family="${SANS}" font-size="11" letter-spacing="4" text-anchor="middle">NON-FUNGIBLE TOKEN · ORX COLLECTION</text>` +
    `<text x="400" y="234" fill="${ivory}" font-family="${SERIF}" font-size="30" font-style="italic" text-anchor="middle">Certificate of Authenticity</text>` +
    mini +
    `<text x="410" y="290" fill="${ivory}" font-family="${SERIF}" font-size="${a.brand.length > 16 ? 25 : 30}">${esc(a.brand)}</text>` +
    modelLines
      .map((l, i) => `<text x="410" y="${320 + i * 24}" fill="#cfc8bb" font-family="${SERIF}" font-size="19" font-style="italic">${esc(l)}</text>`)
      .join('') +
    row('REFERENCE', a.reference, 384) +
    row('TOKEN', token, 436) +
    // Hash and QR block.
    `<path d="M120 496H680" stroke="url(#rule)"/>` +
    `<rect x="128" y="524" width="176" height="176" rx="12" fill="${ivory}"/>` +
    `<path d="${qrPath(bytes(`qr:${a.slug}`, 96), 152)}" transform="translate(140 536)" fill="#16131d"/>` +
    `<text x="330" y="548" fill="${muted}" font-family="${SANS}" font-size="11" letter-spacing="2.5">MINT ADDRESS</text>` +
    `<text x="330" y="572" fill="${ivory}" font-family="${MONO}" font-size="13">${hash.slice(0, 22)}</text>` +
    `<text x="330" y="592" fill="${ivory}" font-family="${MONO}" font-size="13">${hash.slice(22)}</text>` +
    `<text x="330" y="628" fill="#cfc8bb" font-family="${SERIF}" font-size="14" font-style="italic">Proof of authenticity and ownership,</text>` +
    `<text x="330" y="648" fill="#cfc8bb" font-family="${SERIF}" font-size="14" font-style="italic">recorded immutably on Solana.</text>` +
    // The seal.
    `<g transform="translate(630 650)"><circle r="44" fill="none" stroke="${gold}" stroke-width="1.5"/><circle r="36" fill="none" stroke="${gold}" stroke-opacity=".5"/>` +
    `<text fill="${gold}" font-family="${SANS}" font-size="8.5" letter-spacing="2.2"><textPath href="#seal">AUTHENTICATED · ORX · AUTHENTICATED · ORX ·</textPath></text>` +
    `<text y="6" fill="${gold}" font-family="${SERIF}" font-size="17" text-anchor="middle">ORX</text></g>`;
  const defs =
    `<radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#15121e"/><stop offset="1" stop-color="#050408"/></radialGradient>` +
    `<linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c1826"/><stop offset="1" stop-color="#0c0a11"/></linearGradient>` +
    `<linearGradient id="edge" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9945ff"/><stop offset=".5" stop-color="${gold}"/><stop offset="1" stop-color="#14f195"/></linearGradient>` +
    `<linearGradient id="rule" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${gold}" stop-opacity="0"/><stop offset=".5" stop-color="${gold}" stop-opacity=".7"/><stop offset="1" stop-color="${gold}" stop-opacity="0"/></linearGradient>` +
    `<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>` +
    `<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>` +
    `<radialGradient id="dg" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="${a.dial[0]}"/><stop offset="1" stop-color="${a.dial[1]}"/></radialGradient>` +
    metalGradient('m', m) +
    metalGradient('m2', m, 0, 1) +
    `<path id="seal" d="M0 40A40 40 0 1 1 0 -40A40 40 0 1 1 0 40"/>`;
  return svg(800, 800, `${a.brand} ${a.model}: ORX NFT Certificate of Authenticity`, `<defs>${defs}</defs>${body}`);
}

// ---------------------------------------------------------------------------------------------
// Brand emblems and the placeholder

type EmblemKind = 'circle' | 'double' | 'diamond' | 'hexagon' | 'octagon' | 'square' | 'tonneau' | 'arch';

const EMBLEMS: Record<string, { kind: EmblemKind; mark: string }> = {
  rolex: { kind: 'double', mark: 'R' },
  cartier: { kind: 'diamond', mark: 'C' },
  'patek-philippe': { kind: 'octagon', mark: 'PP' },
  breitling: { kind: 'hexagon', mark: 'B' },
  'audemars-piguet': { kind: 'double', mark: 'AP' },
  tudor: { kind: 'arch', mark: 'T' },
  'tag-heuer': { kind: 'square', mark: 'TH' },
  rado: { kind: 'circle', mark: 'R' },
  oris: { kind: 'arch', mark: 'O' },
  omega: { kind: 'hexagon', mark: 'O' },
  'nomos-glashutte': { kind: 'square', mark: 'N' },
  longines: { kind: 'circle', mark: 'L' },
  'iwc-schaffhausen': { kind: 'octagon', mark: 'IWC' },
  hublot: { kind: 'circle', mark: 'H' },
  'glashutte-original': { kind: 'double', mark: 'GO' },
  chopard: { kind: 'diamond', mark: 'Ch' },
  'franck-muller': { kind: 'tonneau', mark: 'FM' },
};

function emblemShape(kind: EmblemKind, r: number): string {
  const poly = (count: number, start: number): string => {
    const pts: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const [x, y] = polar(r, start + (360 / count) * i);
      pts.push(`${f(x)} ${f(y)}`);
    }
    return `<path d="M${pts.join('L')}Z"/>`;
  };
  switch (kind) {
    case 'circle':
      return `<circle r="${r}"/>`;
    case 'double':
      return `<circle r="${r}"/><circle r="${r - 6}" stroke-width=".8"/>`;
    case 'diamond':
      return poly(4, 0);
    case 'hexagon':
      return poly(6, 0);
    case 'octagon':
      return poly(8, 22.5);
    case 'square':
      return `<rect x="${-r * 0.82}" y="${-r * 0.82}" width="${r * 1.64}" height="${r * 1.64}" rx="6"/>`;
    case 'tonneau':
      return `<path d="${tonneau(r * 0.78, r * 1.02).d}"/>`;
    case 'arch':
    default:
      return `<path d="M${-r * 0.8} ${r}V${-r * 0.15}A${r * 0.8} ${r * 0.8} 0 0 1 ${r * 0.8} ${-r * 0.15}V${r}Z"/>`;
  }
}

function brandEmblem(b: Brand): string {
  const e = EMBLEMS[b.slug] ?? { kind: 'circle' as const, mark: b.name.charAt(0) };
  const gold = 'url(#gold)';
  const words = b.name.toUpperCase().split(' ');
  const long = b.name.length > 11;
  const lines = long && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [words.join(' ')];
  const widest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(30, 196 / (widest * 0.92));
  const top = lines.length === 1 ? 106 : 92;
  const markSize = e.mark.length === 1 ? 38 : e.mark.length === 2 ? 26 : 19;
  const name = lines
    .map((l, i) => `<text x="172" y="${f(top + i * size * 1.15)}" font-size="${f(size)}" letter-spacing="${f(size * 0.14)}">${esc(l)}</text>`)
    .join('');
  const baseY = top + (lines.length - 1) * size * 1.15 + 24;
  const body =
    `<rect x="1" y="1" width="398" height="198" rx="18" fill="url(#panel)"/>` +
    `<rect x="8" y="8" width="384" height="184" rx="13" fill="none" stroke="#c9a96e" stroke-opacity=".35"/>` +
    `<g transform="translate(92 100)" fill="none" stroke="${gold}" stroke-width="2">${emblemShape(e.kind, 52)}</g>` +
    `<g fill="${gold}"><circle cx="92" cy="40" r="2"/><circle cx="92" cy="160" r="2"/></g>` +
    `<text x="92" y="${e.kind === 'arch' ? 110 : 101}" fill="${gold}" font-family="${SERIF}" font-size="${markSize}" text-anchor="middle" dominant-baseline="central" letter-spacing="${e.mark.length > 1 ? 1 : 0}">${esc(e.mark)}</text>` +
    `<g fill="#f1ead8" font-family="${SERIF}">${name}</g>` +
    `<path d="M172 ${f(baseY)}H${f(172 + 46)}" stroke="#c9a96e" stroke-opacity=".8"/>` +
    `<text x="228" y="${f(baseY + 4)}" fill="#a99f8a" font-family="${SANS}" font-size="11" letter-spacing="3">SINCE ${b.founded}</text>`;
  const defs =
    `<linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b1916"/><stop offset="1" stop-color="#0c0b0a"/></linearGradient>` +
    `<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3dfa8"/><stop offset=".5" stop-color="#c9a25a"/><stop offset="1" stop-color="#8f6c2e"/></linearGradient>`;
  return svg(400, 200, `${b.name} emblem`, `<defs>${defs}</defs>${body}`);
}

function placeholder(): string {
  const body =
    `<rect width="800" height="800" fill="url(#bg)"/>` +
    `<path d="M318 0H482L472 250H328ZM328 550H472L482 800H318Z" fill="#29292c"/>` +
    `<circle cx="400" cy="400" r="170" fill="#333337"/><circle cx="400" cy="400" r="150" fill="#232326"/>` +
    `<circle cx="400" cy="400" r="132" fill="none" stroke="#3d3d42" stroke-width="14" stroke-dasharray="3 66.1" transform="rotate(-90.7 400 400)"/>` +
    `<rect x="572" y="382" width="26" height="36" rx="5" fill="#333337"/>` +
    `<path d="M397 400V318h6V400ZM400 397h70v6h-70Z" fill="#47474d"/><circle cx="400" cy="400" r="8" fill="#47474d"/>` +
    `<text x="400" y="730" fill="#5a5a60" font-family="${SERIF}" font-size="22" letter-spacing="8" text-anchor="middle">ORX</text>`;
  return svg(
    800,
    800,
    'Watch image unavailable',
    `<defs><radialGradient id="bg" cx=".5" cy=".45" r=".75"><stop offset="0" stop-color="#1f1f22"/><stop offset="1" stop-color="#0e0e10"/></radialGradient></defs>${body}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Consistency with the seed, then writing

/** Every watch image the seed refers to, by slug: the numbered views and whether an -nft exists. */
function seedImages(): Map<string, { brand: string; views: number[]; nft: boolean }> {
  const sql = fs.readFileSync(SEED, 'utf8');
  const found = new Map<string, { brand: string; views: number[]; nft: boolean }>();
  // Each row starts with its brand, then the model, description and image array.
  const rowRe = /\(\s*'((?:[^']|'')*)',\s*'(?:[^']|'')*',\s*'(?:[^']|'')*',\s*array\[([^\]]*)\][\s\S]*?"nft_image":\s*"([^"]+)"/g;
  for (const m of sql.matchAll(rowRe)) {
    const brand = (m[1] ?? '').replace(/''/g, "'");
    const urls = [...(m[2] ?? '').matchAll(/'\/images\/watches\/([a-z0-9-]+)-(\d)\.svg'/g)];
    const nft = /^\/images\/watches\/([a-z0-9-]+)-nft\.svg$/.exec(m[3] ?? '');
    const slug = urls[0]?.[1];
    if (!slug || !nft || nft[1] !== slug || urls.some((u) => u[1] !== slug)) {
      throw new Error(`seed.sql: inconsistent image paths in a ${brand} row`);
    }
    found.set(slug, { brand, views: urls.map((u) => Number(u[2])), nft: true });
  }
  return found;
}

function checkAgainstSeed(): void {
  const seed = seedImages();
  const problems: string[] = [];
  for (const a of WATCH_ART) {
    const row = seed.get(a.slug);
    if (!row) problems.push(`${a.slug}: in watch-art.ts but not in seed.sql`);
    else {
      if (row.brand !== a.brand) problems.push(`${a.slug}: brand ${a.brand} in watch-art.ts, ${row.brand} in seed.sql`);
      const expected = Array.from({ length: a.views }, (_, i) => i + 1).join(',');
      if (row.views.join(',') !== expected) problems.push(`${a.slug}: seed.sql lists views ${row.views.join(',')}, expected ${expected}`);
    }
  }
  for (const slug of seed.keys()) {
    if (!WATCH_ART.some((a) => a.slug === slug)) problems.push(`${slug}: in seed.sql but not in watch-art.ts`);
  }
  if (problems.length) throw new Error(`scripts/watch-art.ts and supabase/seed.sql disagree:\n  ${problems.join('\n  ')}`);
}

function write(dir: string, name: string, content: string): void {
  const bytesLength = Buffer.byteLength(content);
  if (bytesLength > MAX_BYTES) throw new Error(`${name} is ${bytesLength} bytes, over the ${MAX_BYTES} limit`);
  fs.writeFileSync(path.join(dir, name), content);
}

function main(): void {
  checkAgainstSeed();
  fs.mkdirSync(WATCH_DIR, { recursive: true });
  fs.mkdirSync(BRAND_DIR, { recursive: true });
  const expected = new Set<string>();
  WATCH_ART.forEach((a, i) => {
    const c = context(a, i);
    const files: [string, string][] = [
      [`${a.slug}-1.svg`, frontView(c)],
      [`${a.slug}-2.svg`, backView(c)],
      [`${a.slug}-nft.svg`, nftCard(c)],
    ];
    if (a.views === 3) files.push([`${a.slug}-3.svg`, detailView(c)]);
    for (const [name, content] of files) {
      write(WATCH_DIR, name, content);
      expected.add(name);
    }
  });
  for (const b of BRANDS) write(BRAND_DIR, `${b.slug}.svg`, brandEmblem(b));
  write(path.join(ROOT, 'public', 'images'), 'watch-placeholder.svg', placeholder());
  const stale = fs.readdirSync(WATCH_DIR).filter((name) => name.endsWith('.svg') && !expected.has(name));
  if (stale.length) console.warn(`Not generated by this script (stale?): ${stale.join(', ')}`);
  console.log(`Wrote ${expected.size} watch images, ${BRANDS.length} brand emblems and the placeholder.`);
}

main();
