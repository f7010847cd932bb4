import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { storefrontContentSchema } from '@pg/shared/storefront/content'
import { consoleRequest } from '../../../lib/console/console-request'

/** Who made a version: an admin in the console, the admin CLI, or the store itself (version 1: null). */
export const actorSchema = z
  .discriminatedUnion('source', [
    z.object({ source: z.literal('console'), email: z.string() }),
    z.object({ source: z.literal('cli') }),
  ])
  .nullable()
export type StorefrontActor = z.infer<typeof actorSchema>

/** The saved draft: its content, the revision a change must start from, and who saved it last. */
export const draftSchema = z.object({
  revision: z.number().int().positive(),
  baseVersion: z.number().int().nonnegative(),
  content: storefrontContentSchema,
  updatedAt: z.string(),
  /** The email of the admin who saved it last. */
  updatedBy: z.string(),
})
export type StorefrontDraft = z.infer<typeof draftSchema>

const storefrontStateSchema = z.object({
  /** What the next change must name (`If-Match`): the draft's revision, or the state's without one. */
  revision: z.number().int().nonnegative(),
  published: z.object({
    version: z.number().int().positive(),
    content: storefrontContentSchema,
    createdAt: z.string(),
    actor: actorSchema,
  }),
  draft: draftSchema.nullable(),
})
export type StorefrontState = z.infer<typeof storefrontStateSchema>

/** Everything the page reads is under this key: a publish or a restore reads all of it again. */
export const storefrontKey = ['console', 'storefront'] as const

/** `GET /v1/store/storefront`: the published version and the draft, if one is saved. */
export const getStorefrontState = () => consoleRequest('GET', '/store/storefront', storefrontStateSchema)

export const storefrontStateQuery = () =>
  queryOptions({
    queryKey: [...storefrontKey, 'state'],
    queryFn: getStorefrontState,
    // The form holds its own copy once open; reading the state again on focus would change nothing shown.
    refetchOnWindowFocus: false,
  })

export const useStorefrontState = () => useQuery(storefrontStateQuery())
