import { startPriceStandIn } from '../../tests/support/price-stand-in';
import { PRICE_SERVICE_PORT, STAND_IN_SOL_PRICE } from './servers';

// Run by playwright.config.ts as a web server: the SOL price service the shop servers ask.
void startPriceStandIn(STAND_IN_SOL_PRICE, PRICE_SERVICE_PORT).then((service) =>
  console.log(`Stand-in price service on ${service.url}, SOL/USD ${STAND_IN_SOL_PRICE}`),
);
