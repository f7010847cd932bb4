import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import type { StorefrontLanguage } from '@pg/shared/storefront/content'
import { consoleRequest } from '../../../lib/console/console-request'
import { storefrontKey } from './storefront-state'

/** The SDK hands an answer that is not JSON over as `{ message: <its text> }`: here, the page's HTML. */
const htmlSchema = z.object({ message: z.string() }).transform((answer) => answer.message)

export const previewKey = [...storefrontKey, 'preview'] as const

/** `GET /v1/store/storefront/preview`: a public page drawn from the draft (else the published content). */
export const getPreview = (page: string, lang: StorefrontLanguage) =>
  consoleRequest('GET', '/store/storefront/preview', htmlSchema, { page, lang })

export const usePreview = (page: string, lang: StorefrontLanguage) =>
  useQuery(
    queryOptions({
      queryKey: [...previewKey, { page, lang }],
      queryFn: () => getPreview(page, lang),
      // The page shown stays while the next one is drawn, rather than a blank frame.
      placeholderData: keepPreviousData,
      refetchOnWindowFocus: false,
    }),
  )
