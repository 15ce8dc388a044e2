'use client';

import { useEffect, useRef, useState } from 'react';
import {
  nextProgress,
  SPLASH_FADE_MS,
  SPLASH_GATE_SCRIPT,
  SPLASH_HOLD_MS,
  SPLASH_ID,
  SPLASH_SHOW_ATTRIBUTE,
  SPLASH_TICK_MS,
} from '@/lib/splash';

/**
 * The loading splash over the home page: the bar fills to 100 %, holds, fades out, and is gone.
 * The inline gate script decides before the first paint whether it shows at all; the page itself
 * is rendered underneath from the start.
 */
export function Splash() {
  const root = useRef<HTMLDivElement>(null);
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<'showing' | 'fading' | 'done'>('showing');

  useEffect(() => {
    if (!root.current?.hasAttribute(SPLASH_SHOW_ATTRIBUTE)) return;
    let filled = 0;
    let pause: number | undefined;
    const tick = window.setInterval(() => {
      filled = nextProgress(filled);
      setProgress(filled);
      if (filled < 100) return;
      window.clearInterval(tick);
      pause = window.setTimeout(() => {
        setPhase('fading');
        pause = window.setTimeout(() => setPhase('done'), SPLASH_FADE_MS);
      }, SPLASH_HOLD_MS);
    }, SPLASH_TICK_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(pause);
    };
  }, []);

  if (phase === 'done') return null;

  return (
    <>
      <div
        ref={root}
        id={SPLASH_ID}
        // The gate script adds the show attribute before hydration: React must not undo it.
        suppressHydrationWarning
        data-testid="splash"
        style={{ transitionDuration: `${SPLASH_FADE_MS}ms` }}
        className={`fixed inset-0 z-50 hidden flex-col items-center justify-center gap-6 bg-ink px-8 transition-opacity data-show:flex ${
          phase === 'fading' ? 'opacity-0' : 'opacity-100'
        }`}
      >
        <p className="font-serif text-5xl tracking-[0.35em] text-gold">ORX</p>
        <p className="text-sm tracking-widest text-muted">Loading luxury timepieces...</p>
        <div
          role="progressbar"
          aria-label="Loading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-0.5 w-56 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full bg-gold" style={{ width: `${progress}%` }} />
        </div>
      </div>
      {/* Through innerHTML: the browser runs it while parsing the server HTML, and React neither
          runs nor warns about it when it renders the home page on a client-side navigation. */}
      <div hidden dangerouslySetInnerHTML={{ __html: `<script>${SPLASH_GATE_SCRIPT}</script>` }} />
    </>
  );
}
