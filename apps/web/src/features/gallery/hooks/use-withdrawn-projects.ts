import { useQuery, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { projectsByIdsQuery } from './gallery-queries'

/**
 * The projects the owner deleted while the member had them on screen (issue 45): their cards stay where
 * they are, marked and no longer openable, so nothing moves under the member's eyes. Kept in the query
 * cache (not under `gallery`, which an import reloads) for the member's visit.
 */
const withdrawnKey = ['gallery-live', 'withdrawn'] as const
const none: readonly string[] = []

export function useWithdrawnProjects(): ReadonlySet<string> {
  const { data } = useQuery({
    queryKey: withdrawnKey,
    queryFn: () => none,
    initialData: none,
    staleTime: Infinity,
  })
  return useMemo(() => new Set(data), [data])
}

/** Marks projects as gone; a details dialog asks the server again (and says the project is missing). */
export function withdrawProjects(queryClient: QueryClient, ids: readonly string[]) {
  if (ids.length === 0) return
  queryClient.setQueryData<readonly string[]>(withdrawnKey, (known = none) => [
    ...known,
    ...ids.filter((id) => !known.includes(id)),
  ])
  const byIdsPrefix = projectsByIdsQuery([]).queryKey.slice(0, 2)
  void queryClient.invalidateQueries({
    queryKey: byIdsPrefix,
    predicate: ({ queryKey }) => {
      const asked = queryKey[2]
      return Array.isArray(asked) && asked.some((id) => ids.includes(id))
    },
  })
}
