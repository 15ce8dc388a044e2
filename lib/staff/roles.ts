/**
 * What each member of staff may do (issue 36). Every admin route names the capability it needs
 * (lib/admin/route.ts) and the panel offers only what the member's role has.
 */
export const ROLES = ['owner', 'catalogue', 'fulfilment'] as const;
export type Role = (typeof ROLES)[number];

export type Capability =
  /** Watches, their photos, stock and featured. */
  | 'catalogue'
  /** Orders: view, ship, deliver, refund, resend, export. */
  | 'orders'
  /** Staff, roles, other members' sessions, and the activity trail. */
  | 'staff'
  /** One's own account: sessions and password. */
  | 'account'
  /** The shop's own rules: the price floor. */
  | 'shop';

const GRANTS: Record<Role, readonly Capability[]> = {
  owner: ['catalogue', 'orders', 'staff', 'account', 'shop'],
  catalogue: ['catalogue', 'account'],
  fulfilment: ['orders', 'account'],
};

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', catalogue: 'Catalogue', fulfilment: 'Fulfilment' };

export function can(role: Role, capability: Capability): boolean {
  return GRANTS[role].includes(capability);
}

/** The 403's words: what was refused, and who can help. */
export function refusedMessage(role: Role): string {
  return `Your role (${ROLE_LABELS[role]}) does not allow this. Ask the shop's owner.`;
}
