/**
 * A day as /verify shows it, in UTC like its times: "12 Mar 2025". Takes an ISO time or a
 * calendar day (YYYY-MM-DD, read as that day, whatever the zone).
 */
export function formatDay(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return at.toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
}
