/**
 * Where the end-to-end run's servers listen, all on 127.0.0.1: the shop, a second shop whose
 * database cannot be reached (for the error states), and the stand-in price service.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

// Far from E2E_PORT, so that the neighbouring ports other runs on the machine use stay free.
export const BROKEN_DATABASE_PORT = Number(process.env.E2E_BROKEN_DATABASE_PORT ?? PORT + 1000);
export const BROKEN_DATABASE_URL = `http://127.0.0.1:${BROKEN_DATABASE_PORT}`;

export const PRICE_SERVICE_PORT = Number(process.env.E2E_PRICE_SERVICE_PORT ?? PORT + 2000);
export const PRICE_SERVICE_URL = `http://127.0.0.1:${PRICE_SERVICE_PORT}`;

/** The SOL/USD rate the stand-in price service answers, so USD values are predictable. */
export const STAND_IN_SOL_PRICE = 150;
