/**
 * A kept page's scripts, requested once its largest picture is on screen (docs/performance.md:
 * "Lever 12: the scripts after the largest paint").
 *
 * Why: Next.js puts its chunks in <head> as async scripts, so on a listing ~120 KB gz of framework
 * race the first cards' pictures for the network and the main thread. On a phone they take
 * bandwidth from the pictures that make the page's largest paint; Lighthouse's simulation counts
 * every request that finished before that paint. Measured on /watches and /featured: whenever the
 * scripts arrived before the first frame was presented, the simulated LCP went from ~1.6 s to
 * ~2.2–3 s. The page does not need them to be seen: the cards are server HTML and their links
 * work without them; only the controls (search, shuffle, Buy) wait for hydration, as they always
 * waited for these scripts.
 *
 * How: the chunks' tags are taken out of the rendering, and a script at the end of the body adds
 * them back once the browser reports a largest-contentful-paint entry for a picture (or for
 * anything, on a page with no picture preloaded). It adds them at once where that cannot be known:
 * a browser without largest-contentful-paint entries, or a page loaded in a background tab, which
 * paints nothing. A page whose largest paint stays text gets them SETTLE_MS after that paint, and
 * every page within CAP_MS. Scripts added by a script carrying the nonce are allowed by the
 * policy's 'strict-dynamic' (lib/http/security-headers.ts).
 */

/** How long after a paint of text the scripts wait for a picture that may still be painted. */
const SETTLE_MS = 250;
/** The latest the scripts are added, whatever the page paints. */
const CAP_MS = 1500;

/**
 * Next.js's script tags for its chunks: the source, then only `async` and the nonce, in either
 * order. The legacy browsers' `noModule` polyfill and the inline scripts do not match.
 */
const CHUNK_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)"(?: async=""| nonce="[^"]*"){2}><\/script>/g;

/** The loader, run with the chunks' sources as `urls`. */
const LOADER = [
  '(function(urls){',
  'var started=false,observer,types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
  'function start(){if(started)return;started=true;observer&&observer.disconnect();',
  "urls.forEach(function(src){var script=document.createElement('script');script.src=src;script.async=true;document.head.appendChild(script)})}",
  "if(document.visibilityState==='hidden'||types.indexOf('largest-contentful-paint')<0)return start();",
  'var picture=!!document.querySelector(\'link[rel="preload"][as="image"]\');',
  'observer=new PerformanceObserver(function(list){list.getEntries().forEach(function(entry){',
  `entry.url||!picture?start():setTimeout(start,${SETTLE_MS})})});`,
  "observer.observe({type:'largest-contentful-paint',buffered:true});",
  "document.addEventListener('visibilitychange',start);",
  `setTimeout(start,${CAP_MS})`,
  '})',
].join('');

/**
 * The rendering `html` with Next.js's chunk scripts added by the loader after the largest paint
 * instead of by the parser; `nonce` is the rendering's. Unchanged when it holds no such script.
 */
export function scriptsAfterPaint(html: string, nonce: string): string {
  const sources: string[] = [];
  const rest = html.replace(CHUNK_SCRIPT, (_tag, source: string) => {
    sources.push(source);
    return '';
  });
  const end = rest.lastIndexOf('</body>');
  if (sources.length === 0 || end === -1) return html;
  // `<` escaped: nothing in the list can close the script element.
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  const loader = `<script nonce="${nonce}">${LOADER}(${list})</script>`;
  return rest.slice(0, end) + loader + rest.slice(end);
}

/**
 * The sources the loader in `html` adds, in its order; none when it holds no loader. What
 * `npm run bench` counts as first-load JavaScript with the script tags (scripts/support/first-load.ts).
 */
export function sourcesAddedAfterPaint(html: string): string[] {
  const start = html.indexOf(`${LOADER}(`);
  if (start === -1) return [];
  const list = html.slice(start + LOADER.length + 1, html.indexOf(')</script>', start));
  return JSON.parse(list) as string[];
}
