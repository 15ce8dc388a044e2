export function SiteFooter() {
  return (
    <footer className="border-t border-line">
      <p className="mx-auto max-w-6xl px-5 py-8 text-sm text-muted">ORX · Swiss blockchain timepieces</p>
    </footer>
  );
}
