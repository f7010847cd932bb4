import { z } from 'zod'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import { consoleRequest } from '../../../lib/console/console-request'
import { storefrontCall } from './storefront-call'
import { draftSchema } from './storefront-state'

/**
 * `PUT /v1/store/storefront/draft`: saves the draft over the revision the form started from (0 when
 * there is none); the server refuses with 409 when someone saved another one meanwhile.
 */
export const saveDraft = (content: StorefrontContent, revision: number) =>
  storefrontCall('PUT', '/store/storefront/draft', draftSchema, revision, { content })

/** `DELETE /v1/store/storefront/draft`: the published version is what the form shows again. */
export const discardDraft = () => consoleRequest('DELETE', '/store/storefront/draft', z.unknown())
