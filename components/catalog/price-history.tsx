import { dayLabel } from '@/lib/catalog/specs';
import { lastPriceDrop, type PricePoint } from '@/lib/catalog/price-history';

const WIDTH = 320;
const HEIGHT = 72;
const PAD = 4;

const sol = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} SOL`;
const eur = (value: number) => `€${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A watch's price since it was listed (issue 50 (3)), drawn by the server: a step line of the SOL
 * price, what the last change was when it lowered the price, and every price as a list a screen
 * reader (or a curious buyer) can read.
 */
export function PriceHistory({ history, Heading }: { history: PricePoint[]; Heading: 'h2' | 'h3' }) {
  if (history.length === 0) return null;
  const first = history[0]!;
  const last = history.at(-1)!;
  const drop = lastPriceDrop(history);
  return (
    <section aria-labelledby="price-history" className="mt-10 max-w-xl">
      <Heading id="price-history" className="font-serif text-xl">
        Price history
      </Heading>
      {drop && (
        <p className="mt-2 text-sm text-ok" data-testid="price-drop">
          Price lowered by {drop.percent} % on {dayLabel(drop.on)}
        </p>
      )}
      {history.length === 1 ? (
        <p className="mt-2 text-sm text-muted">
          Listed at {sol(first.price_sol)} on {dayLabel(first.at.slice(0, 10))}; the price has not changed since.
        </p>
      ) : (
        <figure className="mt-3">
          <PriceChart history={history} />
          <figcaption className="mt-1 flex justify-between text-xs text-muted">
            <span>{dayLabel(first.at.slice(0, 10))}</span>
            <span>{dayLabel(last.at.slice(0, 10))}</span>
          </figcaption>
        </figure>
      )}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-muted hover:text-ivory">Every price since it was listed</summary>
        <ol className="mt-2 space-y-1">
          {[...history].reverse().map((point) => (
            <li key={point.at} className="flex justify-between gap-4 border-b border-line/60 py-1">
              <span className="text-muted">{dayLabel(point.at.slice(0, 10))}</span>
              <span>
                {sol(point.price_sol)} · {eur(point.price_eur)}
              </span>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}

/** The SOL price as steps: each price holds until the next change. */
function PriceChart({ history }: { history: PricePoint[] }) {
  const times = history.map((point) => Date.parse(point.at));
  const start = times[0]!;
  // The last price drawn as a step of its own: a tenth of the span past its change.
  const end = times.at(-1)! + Math.max((times.at(-1)! - start) / 10, 1);
  const prices = history.map((point) => point.price_sol);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (time: number) => PAD + ((time - start) / Math.max(end - start, 1)) * (WIDTH - 2 * PAD);
  const y = (price: number) => (high === low ? HEIGHT / 2 : PAD + ((high - price) / (high - low)) * (HEIGHT - 2 * PAD));
  const steps = history.flatMap((point, at) => {
    const next = times[at + 1] ?? end;
    return [`${x(times[at]!).toFixed(1)},${y(point.price_sol).toFixed(1)}`, `${x(next).toFixed(1)},${y(point.price_sol).toFixed(1)}`];
  });
  const label = `The price in SOL went from ${sol(prices[0]!)} to ${sol(prices.at(-1)!)} over ${history.length - 1} ${history.length === 2 ? 'change' : 'changes'}, between ${sol(low)} and ${sol(high)}.`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-20 w-full rounded border border-line bg-surface">
      <polyline points={steps.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" className="text-gold" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
