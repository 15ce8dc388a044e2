'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useState, type FormEvent } from 'react';
import { adminApi, watchWhoseStockChanged } from '@/lib/admin/api-client';
import { emptyWatchForm, eurForSol, formToInput, stockChangedMessage, watchToForm, type WatchFormValues } from '@/lib/admin/watch-form';
import { MAX_STOCK, parseWatchInput } from '@/lib/catalog/schema';
import { SPEC_KEYS, type SpecKey, type Watch } from '@/lib/catalog/types';
import { CollectorFieldset } from './collector-fieldset';
import { Field, inputClass } from './field';
import { PHOTO_UPLOAD_BUTTON_ID, PhotoField } from './photo-field';
import { RowList } from './row-list';

const SPEC_LABELS: Record<SpecKey, string> = {
  movement: 'Calibre',
  case: 'Case',
  waterResistance: 'Water resistance',
  crystal: 'Crystal',
  strap: 'Strap',
};

type Props = {
  /** The watch being edited; null to add one. */
  editing: Watch | null;
  onClose: () => void;
  onSaved: (watch: Watch, message: string) => void;
  /** Opens with the photo upload focused (/admin/upload). */
  startWithUpload?: boolean;
};

const STILL_UPLOADING = 'Wait until the photos have finished uploading';

/** SPEC §2/§5 add/edit modal. Rendered only while open, so each opening starts from its watch. */
export function WatchFormDialog({ editing, onClose, onSaved, startWithUpload = false }: Props) {
  const [values, setValues] = useState<WatchFormValues>(() => (editing ? watchToForm(editing) : emptyWatchForm()));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // The stock this edit started from: the server saves the edit only if it still holds, so an
  // edit made while the last piece sold cannot bring it back.
  const [stockBase, setStockBase] = useState(editing?.stock ?? 0);
  const updateImages = useCallback(
    (update: (urls: string[]) => string[]) => setValues((old) => ({ ...old, image_urls: update(old.image_urls) })),
    [],
  );
  const set = <K extends keyof WatchFormValues>(key: K, value: WatchFormValues[K]) =>
    setValues((old) => ({ ...old, [key]: value }));

  function setSolPrice(sol: string) {
    const eur = eurForSol(sol);
    setValues((old) => ({ ...old, price_sol: sol, price_eur: eur ?? old.price_eur }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (uploading) {
      setError(STILL_UPLOADING);
      return;
    }
    let input;
    try {
      input = parseWatchInput(formToInput(values, editing));
    } catch (invalid) {
      setError(invalid instanceof Error ? invalid.message : 'Operation failed');
      return;
    }
    setSaving(true);
    try {
      const saved = editing ? await adminApi.updateWatch(editing.id, input, stockBase) : await adminApi.createWatch(input);
      onSaved(
        saved,
        editing ? `Successfully updated "${saved.model}"` : `Successfully added "${saved.model}" to ${saved.brand}`,
      );
    } catch (failure) {
      const current = watchWhoseStockChanged(failure);
      if (current) {
        setStockBase(current.stock);
        set('stock', String(current.stock));
        setError(stockChangedMessage(current.stock));
      } else {
        setError(failure instanceof Error && failure.message ? failure.message : 'Operation failed');
      }
      setSaving(false);
    }
  }

  const text = (key: 'brand' | 'model', label: string) => (
    <Field label={label} htmlFor={`watch-${key}`}>
      <input
        id={`watch-${key}`}
        value={values[key]}
        required
        onChange={(event) => set(key, event.target.value)}
        className={inputClass}
      />
    </Field>
  );

  const price = (key: 'price_sol' | 'price_eur', label: string, onChange: (value: string) => void) => (
    <Field label={label} htmlFor={`watch-${key}`}>
      <input
        id={`watch-${key}`}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        required
        value={values[key]}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    </Field>
  );

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/80 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            if (!startWithUpload) return;
            event.preventDefault();
            document.getElementById(PHOTO_UPLOAD_BUTTON_ID)?.focus();
          }}
          className="fixed inset-x-0 top-0 z-50 mx-auto max-h-dvh w-full max-w-2xl overflow-y-auto border border-line bg-surface p-5 sm:top-8 sm:max-h-[calc(100dvh-4rem)] sm:rounded-lg sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-serif text-2xl">{editing ? 'Edit Watch' : 'Add New Watch'}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded px-2 text-2xl leading-none text-muted hover:text-ivory">
              ×
            </Dialog.Close>
          </div>
          {/* The browser's own checks are off: the spec's messages below say what is wrong. */}
          <form noValidate onSubmit={submit} className="mt-6 space-y-5">
            <div className="grid gap-4 sm:grid-cols-2">
              {text('brand', 'Brand')}
              {text('model', 'Model')}
            </div>
            <Field label="Description" htmlFor="watch-description">
              <textarea
                id="watch-description"
                rows={3}
                required
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
                className={inputClass}
              />
            </Field>
            <PhotoField urls={values.image_urls} onChange={updateImages} onUploadingChange={setUploading} />
            <div className="grid gap-4 sm:grid-cols-2">
              {price('price_sol', 'Price (SOL)', setSolPrice)}
              {price('price_eur', 'Price (EUR)', (eur) => set('price_eur', eur))}
            </div>
            <Field label="Pieces in stock" htmlFor="watch-stock">
              <input
                id="watch-stock"
                type="number"
                inputMode="numeric"
                step="1"
                min="0"
                max={MAX_STOCK}
                required
                value={values.stock}
                onChange={(event) => set('stock', event.target.value)}
                className={inputClass}
              />
            </Field>
            <CollectorFieldset values={values.collector} onChange={(collector) => set('collector', collector)} />
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-1.5 text-sm text-muted">Specifications</legend>
              {SPEC_KEYS.map((key) => (
                <Field key={key} label={SPEC_LABELS[key]} htmlFor={`watch-spec-${key}`}>
                  <input
                    id={`watch-spec-${key}`}
                    value={values.specs[key]}
                    onChange={(event) => set('specs', { ...values.specs, [key]: event.target.value })}
                    className={inputClass}
                  />
                </Field>
              ))}
            </fieldset>
            <RowList
              legend="Features"
              itemLabel="Feature"
              values={values.features}
              onChange={(features) => set('features', features)}
            />
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                checked={values.featured}
                onChange={(event) => set('featured', event.target.checked)}
                className="h-4 w-4 accent-gold"
              />
              Featured
            </label>
            {error && (
              <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-3">
              <Dialog.Close type="button" className="rounded border border-line px-4 py-2 text-muted hover:text-ivory">
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                disabled={saving}
                className="rounded bg-gold px-5 py-2 font-medium text-ink hover:bg-gold-bright disabled:opacity-70"
              >
                {saving ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Watch' : 'Add Watch'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
