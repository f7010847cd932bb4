import { z } from 'zod'
import { fromServerPath } from '../model/server-path'
import { storefrontCall } from './storefront-call'

/** The new version (and more the page does not need); its changed fields named as the form names them. */
const publishedSchema = z.object({
  version: z.number().int().positive(),
  changed: z.array(z.string().transform(fromServerPath)),
})
export type Published = z.infer<typeof publishedSchema>

/** `POST /v1/store/storefront/publish`: the saved draft becomes version N+1, if it is still the latest. */
export const publishDraft = (revision: number) =>
  storefrontCall('POST', '/store/storefront/publish', publishedSchema, revision)
