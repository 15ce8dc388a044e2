/** The `code` of a 403 that asks for the second factor again (step-up); the page acts on it. */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
