/** Appwrite's date format: ISO 8601 with milliseconds and an explicit offset. */
export function toAppwriteDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}
