import fc from 'fast-check';
import addressparser from 'nodemailer/lib/addressparser';
import { describe, expect, it } from 'vitest';
import { orderInputSchema, paymentRequestSchema } from '@/lib/orders/schema';
import { shippingError } from '@/lib/checkout/shipping';
import { isSingleMailbox, MAILBOX_MAX_LENGTH } from '@/lib/validation/mailbox';

/** What an attacker types into the e-mail field to make the shop mail more than one person. */
const SEVERAL = [
  'a@example.com, b@example.com, c@example.com',
  'a@example.com;b@example.com',
  'a@example.com b@example.com',
  'Victim <a@example.com>',
  '"a, b"@example.com',
  'friends: a@example.com, b@example.com;',
  'a@example.com\nBcc: b@example.com',
  'a@example.com,',
];

describe('one mailbox', () => {
  it('takes the addresses buyers have', () => {
    for (const email of ['ada@example.com', 'jane.doe+orx@mail.example.co.uk', "o'brien@example.ie", 'x@localhost']) {
      expect(isSingleMailbox(email), email).toBe(true);
    }
  });

  it('refuses every way of naming several people, a display name, and a line past the limit', () => {
    for (const email of SEVERAL) expect(isSingleMailbox(email), email).toBe(false);
    expect(isSingleMailbox(`${'a'.repeat(MAILBOX_MAX_LENGTH - 12)}@example.com`)).toBe(true);
    expect(isSingleMailbox(`${'a'.repeat(MAILBOX_MAX_LENGTH - 11)}@example.com`)).toBe(false);
  });

  it("is one address to nodemailer's own parser, exactly as typed, whatever is accepted", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 60 }), fc.constantFrom(...SEVERAL)), (email) => {
        if (!isSingleMailbox(email)) return;
        expect(addressparser(email)).toEqual([{ name: '', address: email }]);
      }),
      { numRuns: 500 },
    );
  });

  it('is the rule of the server schemas and of the dialog (SPEC §5 rule 3 and its message)', () => {
    const shipping = { fullName: 'Ada', phone: '1', address: 'London' };
    for (const email of SEVERAL) {
      expect(shippingError({ ...shipping, email })).toBe('Valid email is required');
      const intent = paymentRequestSchema.safeParse({ watchId: crypto.randomUUID(), wallet: null, shipping: { ...shipping, email } });
      expect(intent.error?.issues.map((issue) => issue.message)).toContain('email must be a valid email address');
      expect(orderInputSchema.shape.email.safeParse(email).success).toBe(false);
    }
    expect(shippingError({ ...shipping, email: ' ada@example.com ' })).toBeNull();
  });
});
