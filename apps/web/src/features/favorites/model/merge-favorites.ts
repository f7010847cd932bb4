/**
 * Three-way merge of favourites: what changed here since the last agreement (`base`) is applied to
 * what the account holds now (`remote`). An id added anywhere is kept; an id removed here is not
 * brought back by the account, and one removed elsewhere is not brought back by this browser.
 */
export function mergeFavorites(local: readonly string[], base: readonly string[], remote: readonly string[]) {
  const baseSet = new Set(base)
  const localSet = new Set(local)
  const removedHere = new Set(base.filter((id) => !localSet.has(id)))
  const kept = remote.filter((id) => !removedHere.has(id))
  const keptSet = new Set(kept)
  const addedHere = local.filter((id) => !baseSet.has(id) && !keptSet.has(id))
  return [...kept, ...addedHere]
}

/**
 * The list to keep when this browser and the account meet. `synced` is the last agreement made in
 * this browser: with this member, merge three ways; with another member, this browser's list was
 * theirs and the account wins; never, both lists are kept (nothing is lost on a first sync).
 */
export function reconcileFavorites(
  local: readonly string[],
  remote: readonly string[],
  memberId: string,
  synced: { memberId: string; ids: readonly string[] } | null,
): string[] {
  if (!synced) return mergeFavorites(local, [], remote)
  if (synced.memberId !== memberId) return [...remote]
  return mergeFavorites(local, synced.ids, remote)
}

export const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index])
