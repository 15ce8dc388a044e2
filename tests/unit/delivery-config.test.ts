import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { checkConfigAtStart, parseSettlementIntervalSeconds } from '@/lib/config';
import { checkDeliveryConfigAtStart, enabledChannels, parseDeliveryConfig } from '@/lib/events/config';
import { runBackgroundWork } from '@/lib/jobs/background-work';
import { startBackgroundLoop } from '@/lib/jobs/loop';
import { WEBHOOK_TEST_SECRET } from '../support/webhook-receiver';

/** The webhook, e-mail and background loop settings, checked at start like the others. */

const webhook = { ORDER_WEBHOOK_URL: 'https://hooks.example/orx', ORDER_WEBHOOK_SECRET: WEBHOOK_TEST_SECRET };
const mail = { SMTP_URL: 'smtp://user:pass@mail.example:587', MAIL_FROM: 'ORX <orders@orx.example>' };

describe('the delivery settings', () => {
  it('switches each channel on only when both its settings are given', () => {
    expect(parseDeliveryConfig({})).toEqual({ webhook: null, mail: null });
    expect(enabledChannels(parseDeliveryConfig({ ...webhook, ...mail }))).toEqual(['webhook', 'email']);
    expect(parseDeliveryConfig({ ...mail, MAIL_FROM: 'orders@orx.example' }).mail).toEqual({ smtpUrl: mail.SMTP_URL, from: 'orders@orx.example' });
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

describe('the background loop', () => {
  it('reads SETTLEMENT_INTERVAL_S, 10 s by default, and refuses nonsense at start', () => {
    expect(parseSettlementIntervalSeconds({})).toBe(10);
    expect(parseSettlementIntervalSeconds({ SETTLEMENT_INTERVAL_S: '3' })).toBe(3);
    for (const value of ['0', '3601', '1.5', 'ten', '-4']) {
      expect(() => checkConfigAtStart({ SETTLEMENT_INTERVAL_S: value })).toThrow(/^SETTLEMENT_INTERVAL_S: /);
    }
  });

  it('runs every job of a pass even when one fails, logging only the job', async () => {
    const ran: string[] = [];
    const logged: string[] = [];
    await runBackgroundWork(
      [
        { name: 'first', run: () => Promise.reject(new Error('database down')) },
        { name: 'second', run: async () => void ran.push('second') },
      ],
      (line) => logged.push(line),
    );
    expect(ran).toEqual(['second']);
    expect(logged).toEqual(['ORX: background job first failed: database down']);
  });

  it('runs one pass at a time, once per process, and stops', async () => {
    vi.stubEnv('SETTLEMENT_INTERVAL_S', '1');
    let running = 0;
    let overlapped = false;
    let passes = 0;
    const pass = async () => {
      running += 1;
      overlapped ||= running > 1;
      passes += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      running -= 1;
    };
    const loop = startBackgroundLoop(pass);
    expect(startBackgroundLoop(pass)).toBe(loop);
    await new Promise((resolve) => setTimeout(resolve, 3200));
    loop.stop();
    vi.unstubAllEnvs();
    expect(passes).toBe(2);
    expect(overlapped).toBe(false);
  });
});
