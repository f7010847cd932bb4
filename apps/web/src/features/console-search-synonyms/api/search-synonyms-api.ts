import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'

/**
 * The search synonyms of `/v1/store/search-synonyms` (issue 34, decision 067): each side folded as the
 * search folds text, at most `limit` of them.
 */
const synonymSchema = z.object({
  $id: z.string(),
  $createdAt: z.string(),
  oneSide: z.string(),
  otherSide: z.string(),
})
export type SearchSynonym = z.infer<typeof synonymSchema>

const synonymListSchema = z.object({
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  synonyms: z.array(synonymSchema),
})
export type SearchSynonymList = z.infer<typeof synonymListSchema>

/** What a query finds, its first titles, with the synonyms and without them. */
const previewSchema = z.object({
  q: z.string(),
  withSynonyms: z.array(z.string()),
  withoutSynonyms: z.array(z.string()),
})
export type SynonymPreview = z.infer<typeof previewSchema>

export const searchSynonymsKey = ['console', 'search-synonyms'] as const

export const listSearchSynonyms = () => consoleRequest('GET', '/store/search-synonyms', synonymListSchema)

export const addSearchSynonym = (sides: { oneSide: string; otherSide: string }) =>
  consoleRequest('POST', '/store/search-synonyms', synonymSchema, sides)

export const removeSearchSynonym = (id: string) =>
  consoleRequest('DELETE', `/store/search-synonyms/${pathPart(id)}`, z.unknown())

export const previewSearch = (q: string) =>
  consoleRequest('GET', '/store/search-synonyms/preview', previewSchema, { q })

export const useSearchSynonyms = () => useQuery({ queryKey: searchSynonymsKey, queryFn: listSearchSynonyms })

/** Adds or removes a synonym; the list is read again after either. */
export function useSynonymChanges() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: searchSynonymsKey })
  return {
    add: useMutation({ mutationFn: addSearchSynonym, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removeSearchSynonym, onSuccess: refresh }),
  }
}
