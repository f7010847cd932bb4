/**
 * The signed-in member's query key. It lives below the features because more than the sign-in needs it:
 * a change to the catalogue in the console reads everything again but the account (decision 060).
 */
export const accountQueryKey = ['account'] as const

/** Every query but the account's: what a sign-out forgets and a catalogue change reads again. */
export const isNotAccountQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] !== accountQueryKey[0]
