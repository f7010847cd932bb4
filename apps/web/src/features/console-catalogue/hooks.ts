import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { isNotAccountQuery } from '../../lib/account-query'
import { listTaxonomy, type TaxonomyKind } from './api/catalogue-taxonomy'

export const catalogueKey = ['console', 'catalogue'] as const

export const useTaxonomy = (kind: TaxonomyKind) =>
  useQuery({ queryKey: [...catalogueKey, kind], queryFn: () => listTaxonomy(kind) })

/**
 * After a change to the catalogue, everything read from it is read again: the console's tables and the
 * gallery's pages kept in this tab (the account is not the catalogue).
 */
export function useCatalogueChanged(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ predicate: isNotAccountQuery }), [queryClient])
}
