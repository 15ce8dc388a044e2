'use client';

import { useState, type FormEvent } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import { Field, inputClass } from '../field';
import { RetryAlert } from '../retry-alert';
import { useLoaded } from '../use-loaded';

/**
 * The owner's Price floor tab (issue 47): below the floor, in SOL or in EUR, creating a watch or
 * setting its price asks for the second factor again; so does changing the floor.
 */
export function PriceFloorPanel() {
  const { data: floor, setData: setFloor, error: loadError, reload } = useLoaded(adminApi.priceFloor, 'Failed to load the price floor');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      setFloor(await adminApi.setPriceFloor({ price_sol: Number(form.get('price_sol')), price_eur: Number(form.get('price_eur')) }));
      setSaved(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to save the price floor');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="price-floor-heading" className="max-w-md space-y-4">
      <h2 id="price-floor-heading" className="font-serif text-xl">
        Price floor
      </h2>
      <p className="text-sm text-muted">
        Adding a watch or setting a price below the floor, or cutting a price to under half its highest of the last 7 days, asks
        for the second factor again. Changing the floor does too.
      </p>
      {loadError && <RetryAlert message={loadError} onRetry={() => void reload()} />}
      {floor === null ? (
        !loadError && <p className="text-muted">Loading...</p>
      ) : (
        // Keyed by the floor, so the fields show what was saved.
        <form key={`${floor.price_sol}-${floor.price_eur}`} onSubmit={submit} className="space-y-4">
          <Field label="Floor (SOL)" htmlFor="price-floor-sol">
            <input id="price-floor-sol" name="price_sol" type="number" min="0" step="any" required defaultValue={floor.price_sol} className={inputClass} />
          </Field>
          <Field label="Floor (EUR)" htmlFor="price-floor-eur">
            <input id="price-floor-eur" name="price_eur" type="number" min="0" step="any" required defaultValue={floor.price_eur} className={inputClass} />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-sold">
              {error}
            </p>
          )}
          <p role="status" className="text-sm text-muted">
            {saved ? 'Price floor saved.' : ''}
          </p>
          <button type="submit" disabled={saving} className="rounded bg-gold px-4 py-2 font-medium text-ink hover:bg-gold-bright disabled:opacity-60">
            {saving ? 'Saving...' : 'Save price floor'}
          </button>
        </form>
      )}
    </section>
  );
}
