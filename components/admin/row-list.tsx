'use client';

import { inputClass } from './field';

type Props = {
  legend: string;
  /** Names each row for assistive technology: `${itemLabel} 1`, `${itemLabel} 2`... */
  itemLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
};

/** A list of inputs that rows can be added to and removed from, never going below one (SPEC §5). */
export function RowList({ legend, itemLabel, values, onChange }: Props) {
  const set = (index: number, value: string) => onChange(values.map((old, at) => (at === index ? value : old)));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm text-muted">{legend}</legend>
      {values.map((value, index) => (
        <div key={index} className="flex gap-2">
          <input
            aria-label={`${itemLabel} ${index + 1}`}
            value={value}
            onChange={(event) => set(index, event.target.value)}
            className={inputClass}
          />
          <button
            type="button"
            aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
            disabled={values.length <= 1}
            onClick={() => onChange(values.filter((_, at) => at !== index))}
            className="rounded border border-line px-3 text-muted hover:text-ivory disabled:opacity-40"
          >
            −
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => onChange([...values, ''])}
        className="text-sm text-gold hover:text-gold-bright"
      >
        Add {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}
