/** Where a certificate's public pages are, on the shop's site. */

export const verifyPageUrl = (mint: string, site: URL): string => new URL(`/verify/${mint}`, site).toString();

/** The certificate's passport (docs/passport.md). */
export const passportUrlOf = (mint: string, site: URL): string => new URL(`/passport/${mint}.json`, site).toString();

export const passportSchemaUrl = (site: URL): string => new URL('/passport/schema.json', site).toString();
