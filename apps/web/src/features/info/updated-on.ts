/**
 * "22 de noviembre de 2026" / "November 22, 2026" from `2026-11-22`: the same on the server and in the
 * browser (UTC); the date itself when it is not one.
 */
export function formatUpdatedOn(date: string, language: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(day.getTime())) return date
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day)
}
