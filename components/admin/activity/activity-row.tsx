import { ACTIVITY_KINDS, type ActivityLine } from '@/lib/admin/activity-query';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** The filter's label of a kind, when it offers that kind or the table it belongs to. */
const kindLabel = (kind: string) =>
  (ACTIVITY_KINDS.find((each) => each.value === kind) ?? ACTIVITY_KINDS.find((each) => each.value === kind.split('.')[0]))?.label ?? kind;

const json = (value: Record<string, unknown> | null) => (value === null ? 'nothing' : JSON.stringify(value, null, 2));

/** One line of the trail: when, who, from where, what; what it changed from and to, on demand. */
export function ActivityRow({ line }: { line: ActivityLine }) {
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-muted">
        <time dateTime={line.at}>{when(line.at)}</time>
        <span className="text-ivory">{line.actor}</span>
        {line.address && <span className="font-mono">from {line.address}</span>}
        <span>{kindLabel(line.kind)}</span>
      </p>
      <p className="break-words">{line.summary}</p>
      {line.subject && <p className="break-all font-mono text-xs text-muted">{line.subject}</p>}
      {(line.before !== null || line.after !== null) && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted hover:text-ivory">Before and after</summary>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-muted">Before</dt>
              <dd>
                <pre className="overflow-x-auto rounded border border-line bg-raised p-2 font-mono">{json(line.before)}</pre>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-muted">After</dt>
              <dd>
                <pre className="overflow-x-auto rounded border border-line bg-raised p-2 font-mono">{json(line.after)}</pre>
              </dd>
            </div>
          </dl>
        </details>
      )}
    </li>
  );
}
