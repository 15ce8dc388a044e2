/** The small spaced-out gold line above a section's heading. */
export function Eyebrow({ children }: { children: string }) {
  return <p className="text-xs tracking-[0.35em] text-gold uppercase">{children}</p>;
}
