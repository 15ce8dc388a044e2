import { ShopLink } from '@/components/ui/shop-link';
import {
  BOX_PAPERS_LABELS,
  CASE_DIAMETER_MM,
  CASE_MATERIAL_LABELS,
  CONDITION_SCALE,
  MOVEMENT_TYPE_LABELS,
  REFERENCE_MAX_LENGTH,
} from '@/lib/catalog/collector';
import { chosenFilters, FACET_CHOICES, NO_FACETS, type CountedFacet, type FacetCounts, type Range } from '@/lib/catalog/facets';
import { LISTING_PATHS, listingHref } from '@/lib/catalog/listing-url';
import type { ListingRequest } from '@/lib/catalog/pages';
import { NavigationForm } from './navigation-form';
import { chip, chipAction } from './listing-chips';

const LABELS: { [F in CountedFacet]: Record<(typeof FACET_CHOICES)[F][number], string> } = {
  condition: Object.fromEntries(Object.entries(CONDITION_SCALE).map(([grade, { label }]) => [grade, label])) as Record<
    (typeof FACET_CHOICES)['condition'][number],
    string
  >,
  papers: BOX_PAPERS_LABELS,
  material: CASE_MATERIAL_LABELS,
  movement: MOVEMENT_TYPE_LABELS,
};

const LEGENDS: Record<CountedFacet, string> = {
  condition: 'Condition',
  papers: 'Box and papers',
  material: 'Case material',
  movement: 'Movement',
};

const field = 'w-full min-w-0 rounded border border-line bg-surface px-3 py-2 text-sm text-ivory placeholder:text-muted/70 focus:border-gold';
const legend = 'mb-2 text-xs tracking-[0.2em] text-gold uppercase';

type FacetPanelProps = { request: ListingRequest; counts: FacetCounts };

/**
 * The collector's filters of a listing (issue 50 (2)): reference, condition (each grade with its
 * definition), box and papers, year, price, case size, material and movement, each choice with
 * the number of watches it would leave. A GET form: it works without scripts, and each filtered
 * view is an address to share. The search, brand and sort go along; the page and seed do not.
 */
export function FacetPanel({ request, counts }: FacetPanelProps) {
  const { facets } = request;
  const path = LISTING_PATHS[request.listing];
  const chosen = chosenFilters(facets);
  return (
    <details open={chosen > 0} className="rounded-lg border border-line">
      <summary className="cursor-pointer px-4 py-3 text-sm text-muted hover:text-ivory">
        {chosen > 0 ? `Refine: ${chosen} ${chosen === 1 ? 'filter' : 'filters'} chosen` : 'Refine: condition, year, box and papers, price, size'}
      </summary>
      <NavigationForm key={listingHref(request)} action={path}>
        {request.query !== '' && <input type="hidden" name="q" value={request.query} />}
        {request.brand !== null && <input type="hidden" name="brand" value={request.brand} />}
        {request.sort !== 'shuffle' && <input type="hidden" name="sort" value={request.sort} />}
        <div className="grid gap-x-6 gap-y-5 border-t border-line p-4 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <label htmlFor="facet-ref" className={`block ${legend}`}>
              Reference
            </label>
            <input
              id="facet-ref"
              name="ref"
              defaultValue={facets.reference}
              maxLength={REFERENCE_MAX_LENGTH}
              placeholder="126610LN"
              autoComplete="off"
              spellCheck={false}
              className={field}
            />
          </div>
          <Choices facet="condition" request={request} counts={counts} />
          <Choices facet="papers" request={request} counts={counts} />
          <Bounds name="year" label="Year" range={facets.year} step={1} min={1800} />
          <fieldset>
            <legend className={legend}>Price</legend>
            <div className="flex gap-2">
              <BoundInputs name="price" label="Price" range={facets.price} step={0.01} min={0} />
              <select id="facet-currency" name="currency" aria-label="Price in" defaultValue={facets.price.currency === 'sol' ? '' : facets.price.currency} className={`${field} w-auto`}>
                {/* SOL is the default: sent empty, it leaves the address as a link to the view has it. */}
                <option value="">SOL</option>
                <option value="eur">EUR</option>
              </select>
            </div>
          </fieldset>
          <Bounds name="size" label="Case size (mm)" range={facets.size} step={0.1} min={CASE_DIAMETER_MM.min} max={CASE_DIAMETER_MM.max} />
          <Choices facet="material" request={request} counts={counts} />
          <Choices facet="movement" request={request} counts={counts} />
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-line p-4">
          <button id="facet-submit" type="submit" className={`${chip} ${chipAction}`}>
            Show watches
          </button>
          {chosen > 0 && (
            <ShopLink
              href={listingHref({ ...request, facets: NO_FACETS, seed: null, page: 1 })}
              prefetch={false}
              scroll={false}
              className="text-sm text-muted underline-offset-4 hover:text-ivory hover:underline"
            >
              Clear the collector’s filters
            </ShopLink>
          )}
        </div>
      </NavigationForm>
    </details>
  );
}

/** A facet's choices as checkboxes, each with how many watches it would leave. */
function Choices({ facet, request, counts }: { facet: CountedFacet; request: ListingRequest; counts: FacetCounts }) {
  const chosen = request.facets[facet] as readonly string[];
  const counted = counts[facet] as Partial<Record<string, number>>;
  return (
    <fieldset>
      <legend className={legend}>{LEGENDS[facet]}</legend>
      <ul className="space-y-1.5">
        {FACET_CHOICES[facet].map((choice) => {
          const id = `facet-${facet}-${choice}`;
          const count = counted[choice] ?? 0;
          const checked = chosen.includes(choice);
          const definition = facet === 'condition' ? CONDITION_SCALE[choice as keyof typeof CONDITION_SCALE].definition : null;
          return (
            <li key={choice} className="text-sm">
              <label htmlFor={id} className={`flex items-baseline gap-2 ${count === 0 && !checked ? 'text-muted/60' : ''}`}>
                <input
                  id={id}
                  type="checkbox"
                  name={facet}
                  value={choice}
                  defaultChecked={checked}
                  // A choice that would leave no watch cannot be made; one already made can be undone.
                  disabled={count === 0 && !checked}
                  aria-describedby={definition ? `${id}-definition` : undefined}
                  className="h-4 w-4 shrink-0 translate-y-0.5 accent-gold"
                />
                <span>
                  {(LABELS[facet] as Record<string, string>)[choice]} <span className="text-muted">({count.toLocaleString('en-US')})</span>
                </span>
              </label>
              {definition && (
                <p id={`${id}-definition`} className="ml-6 text-xs text-muted">
                  {definition}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

type BoundsProps = { name: 'year' | 'price' | 'size'; label: string; range: Range; step: number; min: number; max?: number };

function Bounds(props: BoundsProps) {
  return (
    <fieldset>
      <legend className={legend}>{props.label}</legend>
      <div className="flex gap-2">
        <BoundInputs {...props} />
      </div>
    </fieldset>
  );
}

/** A range's two ends, each a number field that may stay empty. */
function BoundInputs({ name, label, range, step, min, max }: BoundsProps) {
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <input
          key={end}
          id={`facet-${name}-${end}`}
          type="number"
          name={`${name}_${end}`}
          aria-label={`${label} ${end}`}
          placeholder={end === 'from' ? 'From' : 'To'}
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          step={step}
          min={min}
          max={max}
          defaultValue={range[end] ?? ''}
          className={field}
        />
      ))}
    </>
  );
}
