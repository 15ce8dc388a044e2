'use client';

import { useRef, useState } from 'react';

/**
 * The one mistake an admin form tells, next to its field: the message (role=alert, tied to the
 * field by aria-describedby) and the focus moved to the field. Each form checks with the route's
 * own schema first; the server checks again.
 */
export function useFieldProblem<Field extends string>(formId: string) {
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const elements = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const errorId = (field: Field) => `${formId}-${field}-error`;

  return {
    problem,
    clear: () => setProblem(null),
    refuse(field: Field, message: string) {
      setProblem({ field, message });
      elements.current[field]?.focus();
    },
    /** The ref of a field's control, so a refusal moves the focus there. */
    fieldRef: (field: Field) => (element: HTMLElement | null) => {
      elements.current[field] = element;
    },
    describedBy: (field: Field, hint?: string) => [hint, problem?.field === field ? errorId(field) : null].filter(Boolean).join(' ') || undefined,
    error: (field: Field) =>
      problem?.field === field ? (
        <p id={errorId(field)} role="alert" className="text-sm text-sold">
          {problem.message}
        </p>
      ) : null,
  };
}
