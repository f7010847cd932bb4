/**
 * Totals are counted up to this many documents, as Appwrite does. A module of its own: the search worker
 * (decision 055) counts totals too, and imports nothing of the database.
 */
export const TOTAL_COUNT_LIMIT = 5000
