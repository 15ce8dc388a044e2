import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { checkDeliveryConfigAtStart, enabledChannels, parseDeliveryConfig } from '@/lib/events/config';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import { WEBHOOK_TEST_SECRET } from '../support/webhook-receiver';

/** The webhook and e-mail settings, checked at start like the others, and one pass's failures. */

const webhook = { ORDER_WEBHOOK_URL: 'https://hooks.example/orx', ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET };
const mail = { SMTP_URL: 'smtp://user:pass@mail.example:587', MAIL_FROM: 'ORX <orders@orx.example>' };

describe('the delivery settings', () => {
  it('switches each channel on only when both its settings are given', () => {
    expect(parseDeliveryConfig({})).toEqual({ webhook: null, mail: null });
    expect(enabledChannels(parseDeliveryConfig({ ...webhook, ...mail }))).toEqual(['webhook', 'email']);
    expect(parseDeliveryConfig({ ...mail, MAIL_FROM: 'orders@orx.example' }).mail).toEqual({
      smtpUrl: mail.SMTP_URL,
      from: 'orders@orx.example',
      simulatedOrders: false,
    });
  });

  it('mails simulated orders only when MAIL_SIMULATED_ORDERS is on', () => {
    expect(parseDeliveryConfig({ ...mail, MAIL_SIMULATED_ORDERS: 'on' }).mail?.simulatedOrders).toBe(true);
    expect(parseDeliveryConfig({ ...mail, MAIL_SIMULATED_ORDERS: 'off' }).mail?.simulatedOrders).toBe(false);
    expect(() => parseDeliveryConfig({ ...mail, MAIL_SIMULATED_ORDERS: 'yes' })).toThrow(/^MAIL_SIMULATED_ORDERS: must be on or off/);
  });

  it.each([
    [{ ORDER_WEBHOOK_URL: webhook.ORDER_WEBHOOK_URL }, /^The order webhook is half configured/],
    [{ ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET }, /^The order webhook is half configured/],
    [{ SMTP_URL: mail.SMTP_URL }, /^E-mail to buyers is half configured/],
    [{ ...webhook, ORDER_WEBHOOK_URL: 'ftp://hooks.example' }, /^ORDER_WEBHOOK_URL: /],
    [{ ...webhook, ORDER_WEBHOOK_SECRET: 'plain-secret' }, /^ORDER_WEBHOOK_SECRET: /],
    // Too short: 8 bytes.
    [{ ...webhook, ORDER_WEBHOOK_SECRET: `whsec_${Buffer.from('8 bytes!').toString('base64')}` }, /^ORDER_WEBHOOK_SECRET: /],
    [{ ...mail, SMTP_URL: 'https://mail.example' }, /^SMTP_URL: /],
    [{ ...mail, MAIL_FROM: 'orders' }, /^MAIL_FROM: /],
    [{ ...mail, MAIL_FROM: 'ORX <orders@orx.example>\r\nBcc: x@y.z' }, /^MAIL_FROM: /],
  ])('refuses %j, naming what is wrong', (env, message) => {
    expect(() => parseDeliveryConfig(env)).toThrow(message);
  });

  it('never lets a header line through MAIL_FROM', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const from = `${before}\n${after}`;
        let parsed: string | undefined;
        try {
          parsed = parseDeliveryConfig({ ...mail, MAIL_FROM: from }).mail?.from;
        } catch {
          return;
        }
        expect(parsed ?? '').not.toMatch(/[\r\n]/);
      }),
    );
  });

  it('says once at start which channels are off', () => {
    const said: string[] = [];
    checkDeliveryConfigAtStart({ ...webhook }, (line) => said.push(line));
    expect(said).toEqual(['ORX: e-mails to buyers are off (SMTP_URL and MAIL_FROM are not set).']);
  });
});

describe('the background pass', () => {
  it('runs every job even when one fails, logging only the job', async () => {
    const ran: string[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reports = await runBackgroundWork([
      { name: 'first', run: () => Promise.reject(new Error('database down')) },
      { name: 'second', run: async () => void ran.push('second') },
    ]);
    const lines = logged.mock.calls;
    logged.mockRestore();
    expect(ran).toEqual(['second']);
    expect(reports.map(({ name, ok }) => `${name} ${ok}`)).toEqual(['first false', 'second true']);
    expect(lines).toEqual([['Background job first failed: database down']]);
  });

  it('says a failure that repeats pass after pass once, and again once the job works again', async () => {
    const state = { error: 'database down' as string | null };
    const job = { name: 'flaky', run: async () => (state.error === null ? undefined : Promise.reject(new Error(state.error))) };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {});
    for (let pass = 0; pass < 5; pass++) await runBackgroundWork([job]);
    state.error = 'connection refused';
    await runBackgroundWork([job]);
    state.error = null;
    await runBackgroundWork([job]);
    await runBackgroundWork([job]);
    state.error = 'database down';
    await runBackgroundWork([job]);
    const said = [...errors.mock.calls, ...infos.mock.calls].map(([line]) => line as string);
    errors.mockRestore();
    infos.mockRestore();
    expect(said.sort()).toEqual(
      [
        'Background job flaky failed: database down',
        'Background job flaky failed: connection refused',
        'Background job flaky works again.',
        'Background job flaky failed: database down',
      ].sort(),
    );
  });
});
