import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'
import { fromServerPath } from '../model/server-path'
import { actorSchema, storefrontKey } from './storefront-state'

export const VERSIONS_PER_PAGE = 10

const versionSchema = z.object({
  version: z.number().int().positive(),
  createdAt: z.string(),
  actor: actorSchema,
  changed: z.array(z.string().transform(fromServerPath)),
  /** How it came to be: the store's first texts (`default`), a publish, a restore, an import (the CLI). */
  source: z.string(),
  restoredFrom: z.number().int().positive().nullable(),
})
export type StorefrontVersion = z.infer<typeof versionSchema>

const versionsSchema = z.object({ total: z.number().int().nonnegative(), versions: z.array(versionSchema) })

/** `GET /v1/store/storefront/versions`: a page of the history, newest first. */
export const listVersions = (offset: number) =>
  consoleRequest('GET', '/store/storefront/versions', versionsSchema, {
    limit: String(VERSIONS_PER_PAGE),
    offset: String(offset),
  })

export const versionsQuery = (offset: number) =>
  queryOptions({
    queryKey: [...storefrontKey, 'versions', { offset }],
    queryFn: () => listVersions(offset),
    placeholderData: keepPreviousData,
  })

export const useVersions = (offset: number) => useQuery(versionsQuery(offset))

/** `POST /v1/store/storefront/versions/:n/restore`: an earlier version's content, published as a new one. */
export const restoreVersion = (version: number) =>
  consoleRequest(
    'POST',
    `/store/storefront/versions/${version}/restore`,
    // `draftKept`: a draft was saved and stays, so the form goes on showing it rather than the restored text.
    z.object({ version: z.number().int().positive(), draftKept: z.boolean() }),
  )
