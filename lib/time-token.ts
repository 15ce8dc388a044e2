/** The $TIME token panel of the home page (SPEC §1, §2, §9). */

/** The external social community behind 'Step into $TIME Zone'. */
export const TIME_COMMUNITY_URL = 'https://x.com/orxtimepieces';

/** What the contract box shows and copies until the token is launched. */
export const TIME_CONTRACT_TEXT = 'COMING SOON';

/** How long the check mark and 'Copied!' stay after a copy. */
export const CONTRACT_COPIED_MS = 2000;
