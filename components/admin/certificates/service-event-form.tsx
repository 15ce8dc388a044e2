'use client';

import { useId, useState, type FormEvent } from 'react';
import { SERVICE_PHOTOS_MAX, SERVICED_BY_MAX, serviceEventRequestSchema, WORK_MAX } from '@/lib/certificate/requests';
import { useFieldProblem } from '../field-problem';
import { inputClass } from '../field';
import type { ServiceEventInput } from './certificate-api';
import { ServicePhotos } from './service-photos';

type Field = 'servicedOn' | 'servicedBy' | 'work' | 'photos';
const FIELDS: readonly Field[] = ['servicedOn', 'servicedBy', 'work', 'photos'];

/**
 * "Add a service event": the day, who serviced the watch, the work done and its photos (uploaded as
 * the watch form's are, service-photos.tsx). Checked here with the route's own schema first
 * (lib/certificate/requests.ts), so a mistake is told next to its field; the server checks again.
 */
export function ServiceEventForm({ busy, onAdd }: { busy: boolean; onAdd: (input: ServiceEventInput) => Promise<boolean> }) {
  const id = useId();
  const [servicedOn, setServicedOn] = useState('');
  const [servicedBy, setServicedBy] = useState('');
  const [work, setWork] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const { problem, refuse, clear, fieldRef, describedBy, error } = useFieldProblem<Field>(id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = serviceEventRequestSchema.safeParse({ servicedOn, servicedBy, work, photos });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = FIELDS.find((candidate) => candidate === issue?.path[0]) ?? 'servicedOn';
      return refuse(field, issue?.message ?? 'Invalid input');
    }
    clear();
    if (await onAdd(parsed.data)) {
      setServicedOn('');
      setServicedBy('');
      setWork('');
      setPhotos([]);
    }
  }

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
          ref={fieldRef('servicedOn')}
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
          ref={fieldRef('servicedBy')}
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
          ref={fieldRef('work')}
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
      <ServicePhotos urls={photos} max={SERVICE_PHOTOS_MAX} onChange={setPhotos} onUploadingChange={setUploading} />
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
