import { toAppwriteDate } from '../platform/appwrite/dates'
import type { StorefrontDraftRow, StorefrontVersion } from './storefront-repository'

/**
 * A version in the history: who (as the audit log names them; null for the store itself, version 1),
 * when, what changed, how it came to be.
 */
export const versionSummaryModel = (version: Omit<StorefrontVersion, 'content'>) => ({
  version: version.number,
  createdAt: toAppwriteDate(version.createdAt),
  actor: version.actor,
  changed: version.changed,
  source: version.source,
  restoredFrom: version.restoredFrom,
})

/** A version with its content. */
export const versionModel = (version: StorefrontVersion) => ({
  ...versionSummaryModel(version),
  content: version.content,
})

/** The console's draft; `revision` is what a save or a publish sends back as `If-Match: "<revision>"`. */
export const draftModel = (draft: StorefrontDraftRow) => ({
  revision: draft.revision,
  baseVersion: draft.baseVersion,
  content: draft.content,
  updatedAt: toAppwriteDate(draft.updatedAt),
  updatedBy: draft.updatedBy,
})

/** The draft's revision as an ETag (`"0"` without a draft). */
export const revisionTag = (revision: number) => `"${revision}"`
