'use client';

import { useId, useState, type FormEvent } from 'react';
import {
  ACTIVITY_KINDS,
  activityExportUrl,
  NO_ACTIVITY_FILTER,
  SUBJECT_KINDS,
  subjectFrom,
  type ActivityFilter,
  type SubjectKind,
} from '@/lib/admin/activity-query';
import type { StaffMemberView } from '@/lib/admin/staff-query';
import { inputClass } from '../field';

type Props = { filter: ActivityFilter; members: StaffMemberView[]; onChange: (filter: ActivityFilter) => void };

type Draft = { person: string; kind: string; subjectKind: SubjectKind; id: string };

const NO_ID = 'No id found: paste the id of a watch, an order or a staff member.';

/** Person and kind (applied at once), a watch, order or member by id (applied on submit), and the CSV of what is shown. */
export function ActivityFilters({ filter, members, onChange }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ person: filter.person, kind: filter.kind, subjectKind: 'watch', id: '' });
  const [idError, setIdError] = useState<string | null>(null);

  function choose(next: Draft) {
    setDraft(next);
    // A half-typed id does not hold up the person or kind chosen meanwhile: the id applies on submit.
    onChange({ person: next.person, kind: next.kind, subject: filter.subject });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const subject = subjectFrom(draft.subjectKind, draft.id);
    setIdError(subject === null ? NO_ID : null);
    if (subject !== null) onChange({ person: draft.person, kind: draft.kind, subject });
  }

  function clear() {
    setDraft({ person: '', kind: '', subjectKind: draft.subjectKind, id: '' });
    setIdError(null);
    onChange(NO_ACTIVITY_FILTER);
  }

  const filtered = filter.person !== '' || filter.kind !== '' || filter.subject !== '';

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <form role="search" aria-label="Activity" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-person`} className="block text-sm text-muted">
            Person
          </label>
          <select
            id={`${id}-person`}
            name="person"
            value={draft.person}
            onChange={(event) => choose({ ...draft, person: event.target.value })}
            className={`${inputClass} sm:w-48`}
          >
            <option value="">Everyone</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-kind`} className="block text-sm text-muted">
            Kind
          </label>
          <select
            id={`${id}-kind`}
            name="kind"
            value={draft.kind}
            onChange={(event) => choose({ ...draft, kind: event.target.value })}
            className={`${inputClass} sm:w-48`}
          >
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="mb-1.5 block text-sm text-muted">Watch or order</legend>
          <div className="flex gap-2">
            <select
              name="subject-kind"
              aria-label="Id of"
              value={draft.subjectKind}
              onChange={(event) => setDraft({ ...draft, subjectKind: event.target.value as SubjectKind })}
              className={`${inputClass} w-36`}
            >
              {SUBJECT_KINDS.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {kind.label}
                </option>
              ))}
            </select>
            <input
              name="subject"
              type="search"
              aria-label="Id"
              placeholder="Id"
              value={draft.id}
              maxLength={200}
              aria-invalid={idError !== null}
              aria-describedby={idError ? `${id}-id-error` : undefined}
              onChange={(event) => setDraft({ ...draft, id: event.target.value })}
              className={`${inputClass} font-mono sm:w-80`}
            />
          </div>
          {idError && (
            <p id={`${id}-id-error`} role="alert" className="text-sm text-sold">
              {idError}
            </p>
          )}
        </fieldset>
        <button type="submit" className="rounded border border-gold px-4 py-2 text-gold hover:text-gold-bright">
          Show
        </button>
        {filtered && (
          <button
            type="button"
            onClick={clear}
            className="rounded border border-line px-4 py-2 text-sm hover:border-gold hover:text-gold-bright"
          >
            Clear filters
          </button>
        )}
      </form>
      <a
        href={activityExportUrl(filter)}
        download
        className="self-start rounded border border-line px-4 py-2 text-sm hover:border-gold hover:text-gold-bright lg:self-auto"
      >
        Export CSV
      </a>
    </div>
  );
}
