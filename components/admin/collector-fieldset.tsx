import type { CollectorFormValues } from '@/lib/admin/watch-form';
import {
  BOX_PAPERS,
  BOX_PAPERS_LABELS,
  CASE_DIAMETER_MM,
  CASE_MATERIAL_LABELS,
  CASE_MATERIALS,
  CONDITION_SCALE,
  CONDITIONS,
  MOVEMENT_TYPE_LABELS,
  MOVEMENT_TYPES,
  REFERENCE_MAX_LENGTH,
  SERVICER_LABELS,
  SERVICERS,
} from '@/lib/catalog/collector';
import { Field, inputClass } from './field';

type Props = { values: CollectorFormValues; onChange: (values: CollectorFormValues) => void };

type TextKey = Exclude<keyof CollectorFormValues, 'production_year_circa'>;

/** The collector's data of a watch in the add/edit form (issue 50); every field may stay empty. */
export function CollectorFieldset({ values, onChange }: Props) {
  const set = (key: TextKey, value: string) => onChange({ ...values, [key]: value });
  const id = (key: TextKey) => `watch-${key.replaceAll('_', '-')}`;
  const choice = (key: TextKey, label: string, options: readonly (readonly [string, string])[], describedBy?: string) => (
    <Field label={label} htmlFor={id(key)}>
      <select
        id={id(key)}
        value={values[key]}
        aria-describedby={describedBy}
        onChange={(event) => set(key, event.target.value)}
        className={inputClass}
      >
        <option value="">Not stated</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
  const grade = Object.hasOwn(CONDITION_SCALE, values.condition) ? CONDITION_SCALE[values.condition as keyof typeof CONDITION_SCALE] : null;

  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-1.5 text-sm text-muted">Collector’s details</legend>
      <Field label="Reference" htmlFor={id('reference')}>
        <input
          id={id('reference')}
          value={values.reference}
          maxLength={REFERENCE_MAX_LENGTH}
          placeholder="126610LN"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set('reference', event.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="space-y-1.5">
        <Field label="Year of production" htmlFor={id('production_year')}>
          <input
            id={id('production_year')}
            type="number"
            inputMode="numeric"
            step="1"
            value={values.production_year}
            onChange={(event) => set('production_year', event.target.value)}
            className={inputClass}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-muted">
          <input
            type="checkbox"
            checked={values.production_year_circa}
            onChange={(event) => onChange({ ...values, production_year_circa: event.target.checked })}
            className="h-4 w-4 accent-gold"
          />
          Circa: the decade (1970 for the 1970s)
        </label>
      </div>
      <div className="space-y-1.5 sm:col-span-2">
        {choice(
          'condition',
          'Condition',
          CONDITIONS.map((value) => [value, CONDITION_SCALE[value].label]),
          grade ? 'watch-condition-definition' : undefined,
        )}
        {grade && (
          <p id="watch-condition-definition" className="text-xs text-muted">
            {grade.definition}
          </p>
        )}
      </div>
      {choice('box_papers', 'Box and papers', BOX_PAPERS.map((value) => [value, BOX_PAPERS_LABELS[value]]))}
      <Field label="Warranty card date" htmlFor={id('warranty_date')}>
        <input
          id={id('warranty_date')}
          type="date"
          value={values.warranty_date}
          onChange={(event) => set('warranty_date', event.target.value)}
          className={inputClass}
        />
      </Field>
      <Field label="Last service" htmlFor={id('serviced_on')}>
        <input
          id={id('serviced_on')}
          type="date"
          value={values.serviced_on}
          onChange={(event) => set('serviced_on', event.target.value)}
          className={inputClass}
        />
      </Field>
      {choice('serviced_by', 'Serviced by', SERVICERS.map((value) => [value, SERVICER_LABELS[value]]))}
      <Field label="Case size (mm)" htmlFor={id('case_diameter_mm')}>
        <input
          id={id('case_diameter_mm')}
          type="number"
          inputMode="decimal"
          step="0.1"
          min={CASE_DIAMETER_MM.min}
          max={CASE_DIAMETER_MM.max}
          value={values.case_diameter_mm}
          onChange={(event) => set('case_diameter_mm', event.target.value)}
          className={inputClass}
        />
      </Field>
      {choice('case_material', 'Case material', CASE_MATERIALS.map((value) => [value, CASE_MATERIAL_LABELS[value]]))}
      {choice('movement_type', 'Movement type', MOVEMENT_TYPES.map((value) => [value, MOVEMENT_TYPE_LABELS[value]]))}
    </fieldset>
  );
}
