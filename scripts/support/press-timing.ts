/**
 * What a shopper's first press feels like (`npm run bench`): each page loaded in a fresh browser
 * context on the throttled mobile profile below, the header's 'Select Wallet' pressed the moment
 * it is first painted, as a person would, and timed from that paint:
 * - hydrated: until React has hydrated the button, so its own handler answers a press;
 * - modal: until the wallet modal that press asked for is on screen, or null when the press was
 *   lost (nothing kept it while the page was not interactive).
 */
import { chromium, type Browser } from '@playwright/test';
import { HYDRATED_FUNCTION } from '../../lib/presses-before-hydration';

/** Lighthouse's mobile profile, applied through the DevTools protocol. */
export const THROTTLED_MOBILE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** How long a load may take to open the modal before its press counts as lost. */
const PRESS_WAIT_MS = 15_000;

export type PressTiming = {
  /** When the button was first painted, ms after the navigation started. */
  paintMs: number;
  hydratedMs: number | null;
  modalMs: number | null;
};

/**
 * Runs in the page before its own scripts: marks the header's buttons for Element Timing as the
 * parser adds them, presses 'Select Wallet' once its paint is reported, and notes when it is
 * hydrated (HYDRATED_FUNCTION, the check lib/presses-before-hydration.ts makes) and when a wallet
 * modal appears. A string, not a function: under tsx a function's text carries tsx's helpers,
 * which do not exist in the page.
 */
const OBSERVE_FIRST_PRESS = `(function () {
  var timing = window.__pressTiming = { paint: null, hydrated: null, modal: null }, button = null;
  ${HYDRATED_FUNCTION}
  new MutationObserver(function () {
    document.querySelectorAll('header button:not([elementtiming])').forEach(function (found) { found.setAttribute('elementtiming', 'header-button'); });
    if (timing.modal === null && document.querySelector('.wallet-adapter-modal')) timing.modal = performance.now();
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (timing.paint !== null || !entry.element || entry.element.textContent.trim() !== 'Select Wallet') return;
      timing.paint = entry.renderTime || entry.startTime;
      button = entry.element;
      button.click();
    });
  }).observe({ type: 'element', buffered: true });
  (function checkHydrated() {
    // A press on the header's fallback is carried out by the control that replaces it.
    if (button && !button.isConnected) button = Array.prototype.find.call(document.querySelectorAll('header button'), function (found) { return found.textContent.trim() === 'Select Wallet'; }) || button;
    if (button && hydrated(button)) timing.hydrated = performance.now();
    else setTimeout(checkHydrated, 10);
  })();
})()`;

type Timing = { paint: number | null; hydrated: number | null; modal: number | null };

async function timeOneLoad(browser: Browser, url: string): Promise<PressTiming> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLED_MOBILE.latencyMs,
      downloadThroughput: THROTTLED_MOBILE.downloadBytesPerSecond,
      uploadThroughput: THROTTLED_MOBILE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED_MOBILE.cpuSlowdown });
    await page.addInitScript({ content: OBSERVE_FIRST_PRESS });
    await page.goto(url, { waitUntil: 'commit' });
    const read = () => page.evaluate<Timing>('window.__pressTiming');
    const deadline = Date.now() + PRESS_WAIT_MS;
    let timing = await read();
    while ((timing.modal === null || timing.hydrated === null) && Date.now() < deadline) {
      await page.waitForTimeout(100);
      timing = await read();
    }
    if (timing.paint === null) throw new Error(`'Select Wallet' was never painted on ${url}`);
    const since = (at: number | null) => (at === null ? null : Math.round(at - timing.paint!));
    return { paintMs: Math.round(timing.paint), hydratedMs: since(timing.hydrated), modalMs: since(timing.modal) };
  } finally {
    await context.close();
  }
}

/** `runs` loads of `url`, each in a fresh context of one Chromium. */
export async function pressTimings(url: string, runs: number, chromiumPath: string): Promise<PressTiming[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const timings: PressTiming[] = [];
    for (let run = 0; run < runs; run++) timings.push(await timeOneLoad(browser, url));
    return timings;
  } finally {
    await browser.close();
  }
}
