/**
 * One mailbox, as an `<input type="email">` accepts it: the HTML standard's "valid e-mail address"
 * (https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address), at most 254 characters.
 *
 * Why this and not "contains an @": the buyer's address is where the shop sends mail. A comma
 * list, a display name (`Name <a@b>`), a quoted local part or a group would each make a mail server
 * or nodemailer's address parser reach more than one person; this pattern admits none of them.
 */
const MAILBOX =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const MAILBOX_MAX_LENGTH = 254;

export function isSingleMailbox(email: string): boolean {
  return email.length <= MAILBOX_MAX_LENGTH && MAILBOX.test(email);
}
