import { buttonClass } from '@/components/ui/button-styles';
import { Eyebrow } from '@/components/ui/eyebrow';
import { TIME_COMMUNITY_URL } from '@/lib/time-token';
import { ContractBox } from './contract-box';

/** The $TIME token panel (SPEC §1, §2): the token is not launched yet. */
export function TimePanel() {
  return (
    <section aria-labelledby="time-heading" className="mx-auto max-w-6xl px-5 py-16 sm:py-20">
      <div className="grid gap-10 rounded-2xl border border-line bg-surface p-6 sm:p-10 lg:grid-cols-2 lg:items-center">
        <div>
          <Eyebrow>The ORX token</Eyebrow>
          <h2 id="time-heading" className="mt-3 font-serif text-4xl font-semibold">
            $TIME
          </h2>
          <p className="mt-4 text-muted">
            The community token of ORX collectors: early access to limited editions and a voice in the next drops.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* No action until the token launches (SPEC §1). */}
            <button type="button" className={buttonClass('primary')}>
              Buy $TIME
            </button>
            <a
              href={TIME_COMMUNITY_URL}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              Step into $TIME Zone
            </a>
          </div>
        </div>
        <div className="pt-8 lg:pt-0">
          <p className="mb-3 text-xs tracking-[0.25em] text-muted uppercase">Contract address</p>
          <ContractBox />
        </div>
      </div>
    </section>
  );
}
