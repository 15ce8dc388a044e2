'use client';

import { useId, useRef, useState, type FormEvent } from 'react';
import { inputClass } from '../field';
import type { ServiceEventInput } from './certificate-api';
import { ServicePhotos } from './service-photos';

const SERVICED_BY_MAX = 120;
const WORK_MAX = 2000;
const PHOTOS_MAX = 6;

type Field = 'servicedOn' | 'servicedBy' | 'work' | 'photos';

/** Today in UTC (YYYY-MM-DD): the latest day a service can have been done. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Add a service event": the day, who serviced the watch, the work done and its photos (uploaded as
 * the watch form's are, service-photos.tsx). Checked here first, so a mistake is told next to its field; the server checks again.
 */
export function ServiceEventForm({ busy, onAdd }: { busy: boolean; onAdd: (input: ServiceEventInput) => Promise<boolean> }) {
  const id = useId();
  const [servicedOn, setServicedOn] = useState('');
  const [servicedBy, setServicedBy] = useState('');
  const [work, setWork] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const fields = useRef<Partial<Record<Field, HTMLElement | null>>>({});

  const refuse = (field: Field, message: string) => {
    setProblem({ field, message });
    fields.current[field]?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: ServiceEventInput = { servicedOn, servicedBy: servicedBy.trim(), work: work.trim(), photos };
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.servicedOn)) return refuse('servicedOn', 'Enter the day of the service.');
    if (input.servicedOn > today()) return refuse('servicedOn', 'The service date cannot be in the future.');
    if (!input.servicedBy) return refuse('servicedBy', 'Say who serviced the watch.');
    if (input.servicedBy.length > SERVICED_BY_MAX) return refuse('servicedBy', `Who serviced it is at most ${SERVICED_BY_MAX} characters.`);
    if (!input.work) return refuse('work', 'Describe the work done.');
    if (input.work.length > WORK_MAX) return refuse('work', `The work done is at most ${WORK_MAX} characters.`);
    if (input.photos.length > PHOTOS_MAX) return refuse('photos', `At most ${PHOTOS_MAX} photos.`);
    setProblem(null);
    if (await onAdd(input)) {
      setServicedOn('');
      setServicedBy('');
      setWork('');
      setPhotos([]);
    }
  }

  const errorId = (field: Field) => `${id}-${field}-error`;
  const describedBy = (field: Field) => (problem?.field === field ? errorId(field) : undefined);
  const error = (field: Field) =>
    problem?.field === field ? (
      <p id={errorId(field)} role="alert" className="text-sm text-sold">
        {problem.message}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="text-ivory">
        Add a service event
      </h4>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-on`} className="block text-sm text-muted">
          Service date
        </label>
        <input
          ref={(element) => {
            fields.current.servicedOn = element;
          }}
          id={`${id}-on`}
          type="date"
          value={servicedOn}
          onChange={(event) => setServicedOn(event.target.value)}
          aria-invalid={problem?.field === 'servicedOn'}
          aria-describedby={describedBy('servicedOn')}
          className={`${inputClass} sm:w-56`}
        />
        {error('servicedOn')}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-by`} className="block text-sm text-muted">
          Serviced by
        </label>
        <input
          ref={(element) => {
            fields.current.servicedBy = element;
          }}
          id={`${id}-by`}
          value={servicedBy}
          maxLength={SERVICED_BY_MAX}
          autoComplete="off"
          onChange={(event) => setServicedBy(event.target.value)}
          aria-invalid={problem?.field === 'servicedBy'}
          aria-describedby={describedBy('servicedBy')}
          className={inputClass}
        />
        {error('servicedBy')}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-work`} className="block text-sm text-muted">
          Work done
        </label>
        <textarea
          ref={(element) => {
            fields.current.work = element;
          }}
          id={`${id}-work`}
          value={work}
          maxLength={WORK_MAX}
          rows={3}
          onChange={(event) => setWork(event.target.value)}
          aria-invalid={problem?.field === 'work'}
          aria-describedby={describedBy('work')}
          className={inputClass}
        />
        {error('work')}
      </div>
      <ServicePhotos urls={photos} max={PHOTOS_MAX} onChange={setPhotos} onUploadingChange={setUploading} />
      {error('photos')}
      <button
        type="submit"
        disabled={busy || uploading}
        className="w-full rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright disabled:opacity-60 sm:w-auto"
      >
        {uploading ? 'Waiting for the photos...' : 'Add service event'}
      </button>
    </form>
  );
}
