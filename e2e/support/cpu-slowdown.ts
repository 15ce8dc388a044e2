import { test as base } from './failure-report';

export type CpuSlowdownOptions = {
  /** How many times slower than this machine the page's CPU runs (1: not slowed). */
  cpuSlowdown: number;
};

/**
 * Playwright's test, whose page runs on a CPU slowed `cpuSlowdown` times through the DevTools
 * protocol, as Lighthouse's mobile profile slows it: a project sets the option
 * (playwright.config.ts: the 'throttled' project).
 */
export const test = base.extend<CpuSlowdownOptions>({
  cpuSlowdown: [1, { option: true }],
  page: async ({ page, cpuSlowdown }, provide) => {
    if (cpuSlowdown > 1) {
      const devtools = await page.context().newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await provide(page);
  },
});

export { expect } from './failure-report';
