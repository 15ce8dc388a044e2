/** The stock picture shown when a watch image fails to load (SPEC §2, §9). */
export const PLACEHOLDER_IMAGE = '/images/watch-placeholder.svg';

/**
 * Images next/image must pass through as they are: SVGs (the optimizer refuses them) and remote
 * URLs an operator typed into the admin form (no remote host is configured for optimizing).
 */
export function isUnoptimizedImage(src: string): boolean {
  return /^https?:\/\//i.test(src) || /\.svg($|[?#])/i.test(src);
}
