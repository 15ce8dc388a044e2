'use client';

import { useEffect, useRef } from 'react';

/**
 * On phones the brand filter's row scrolls sideways: this keeps the chosen brand (e.g. from
 * ?brand=) in view, placed in the row it looks after. The row alone scrolls, never the page: a
 * shopper who scrolled down before the page was interactive would be taken back up, and their
 * press would land elsewhere.
 */
export function ChosenBrandInView({ chosen }: { chosen: string | null }) {
  const mark = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const group = mark.current?.parentElement;
    const current = group?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!group || !current) return;
    // As little as it takes: between showing the brand at the row's right end and at its left.
    const left = current.offsetLeft - group.offsetLeft;
    group.scrollLeft = Math.min(Math.max(group.scrollLeft, left + current.offsetWidth - group.clientWidth), left);
  }, [chosen]);

  return <span ref={mark} hidden />;
}
