import { test as base, type Page, type Request } from '@playwright/test';

/**
 * Playwright's test, which prints a short account of its page when it fails (and attaches it, so
 * that the run's summary of failures shows its start): what the page's dialogs and alerts said,
 * the requests that failed, took over a second or never ended, and the page's console errors. CI
 * keeps only the run's printed output, not its screenshots or traces, and a press that went
 * unanswered once in a hundred runs is found only from what that run printed.
 */

/** A request slower than this is listed. */
const SLOW_REQUEST_MS = 1000;
/** At most this many lines of each kind, so that the account fits the end of a run's output. */
const MOST_LINES = 8;

type Exchange = { request: Request; startedAt: number; endedAt?: number; outcome?: string };

function recordExchanges(page: Page) {
  const exchanges = new Map<Request, Exchange>();
  const consoleErrors: string[] = [];
  const ended = (request: Request, outcome: string) => {
    const exchange = exchanges.get(request);
    if (exchange) Object.assign(exchange, { endedAt: Date.now(), outcome });
  };
  page.on('request', (request) => exchanges.set(request, { request, startedAt: Date.now() }));
  page.on('requestfinished', async (request) => ended(request, String((await request.response().catch(() => null))?.status() ?? 'no response')));
  page.on('requestfailed', (request) => ended(request, `failed: ${request.failure()?.errorText ?? 'unknown'}`));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  return { exchanges: () => [...exchanges.values()], consoleErrors };
}

const oneLine = (text: string, length = 200) => text.replace(/\s+/g, ' ').trim().slice(0, length);

/** What a person would read in the page's open dialogs, alerts and status lines; its main heading when there are none. */
async function whatThePageSays(page: Page): Promise<string[]> {
  try {
    return await page.evaluate(
      ({ most, length }) => {
        const shown = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"], [role="alert"], [role="status"]')]
          .filter((element) => element.checkVisibility() && element.innerText.trim() !== '')
          .slice(0, most)
          .map((element) => `${element.getAttribute('role')}: ${element.innerText.replace(/\s+/g, ' ').trim().slice(0, length)}`);
        return shown.length > 0 ? shown : [`no dialog or alert; <h1>: ${document.querySelector('h1')?.textContent ?? 'none'}`];
      },
      { most: MOST_LINES, length: 300 },
    );
  } catch (error) {
    return [`the page could not be read: ${oneLine(String(error))}`];
  }
}

function exchangeLine({ request, startedAt, endedAt, outcome }: Exchange, testStartedAt: number): string {
  const url = new URL(request.url());
  const took = endedAt === undefined ? 'never ended' : `${endedAt - startedAt} ms`;
  return `  ${request.method()} ${url.host}${oneLine(url.pathname + url.search, 120)} at +${startedAt - testStartedAt} ms: ${outcome ?? 'pending'}, ${took}`;
}

export const test = base.extend({
  page: async ({ page }, provide, testInfo) => {
    const testStartedAt = Date.now();
    const record = recordExchanges(page);
    await provide(page);
    if (testInfo.status === testInfo.expectedStatus) return;

    const notable = record
      .exchanges()
      .filter(({ startedAt, endedAt, outcome }) => endedAt === undefined || endedAt - startedAt > SLOW_REQUEST_MS || !/^[123]\d\d$/.test(outcome ?? ''))
      .slice(-MOST_LINES);
    const lines = [
      `Failure report of "${testInfo.title}" at +${Date.now() - testStartedAt} ms (e2e/support/failure-report.ts):`,
      ...(await whatThePageSays(page)).map((line) => `  ${line}`),
      notable.length > 0 ? 'Requests that failed, were refused, were slow or never ended:' : 'Every request was answered within a second.',
      ...notable.map((exchange) => exchangeLine(exchange, testStartedAt)),
      ...record.consoleErrors.slice(-MOST_LINES).map((error) => `  console: ${oneLine(error)}`),
    ];
    console.log(lines.join('\n'));
    // Also in the run's closing summary of failures, which ends every log (the reporter prints an
    // attachment's first 300 characters: the page's own words come first).
    await testInfo.attach('failure report', { body: lines.slice(1).join('\n'), contentType: 'text/plain' });
  },
});

export { expect } from '@playwright/test';
