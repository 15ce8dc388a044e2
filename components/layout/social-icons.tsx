/**
 * The footer's social icons (SPEC §2): placeholders with no destination yet, so they are images
 * with a name, not links.
 */
const SOCIAL = [
  { name: 'X', path: 'M5 4l14 16M19 4L5 20' },
  { name: 'Instagram', path: 'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01' },
  { name: 'Telegram', path: 'M21 4L3 11l6 2.5M21 4l-3 16-9-6.5M21 4L9 13.5V19l3-3.5' },
] as const;

export function SocialIcons() {
  return (
    <ul aria-label="Social media (coming soon)" className="flex gap-3">
      {SOCIAL.map(({ name, path }) => (
        <li key={name} className="grid size-10 place-items-center rounded-full border border-line text-muted">
          <svg role="img" aria-label={name} viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
            <path d={path} />
          </svg>
        </li>
      ))}
    </ul>
  );
}
