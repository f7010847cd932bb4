import { AppwriteException } from 'appwrite'
import { z } from 'zod'
import { storefrontContentSchema } from '@pg/shared/storefront/content'
import { fromServerPath } from '../model/server-path'
import type { StorefrontState } from './storefront-state'

const otherDraftSchema = z.object({
  revision: z.number().int().nonnegative(),
  content: storefrontContentSchema,
  updatedAt: z.string(),
  /** Who saved it; null when the draft is gone and this is the published version. */
  updatedBy: z.string().nullable(),
})
/** The draft someone else saved meanwhile (or, when theirs is gone, the published version). */
export type OtherDraft = z.infer<typeof otherDraftSchema>

/** A 409's body: the draft as it is now, or null when someone published or discarded it meanwhile. */
const conflictSchema = z.object({
  type: z.literal('document_update_conflict'),
  current: otherDraftSchema.nullable(),
})

const invalidSchema = z.object({
  message: z.string(),
  problems: z.array(z.object({ path: z.string(), message: z.string() })),
})

export type Refusal =
  | { kind: 'conflict'; current: OtherDraft | null }
  | { kind: 'invalid'; message: string; problems: Record<string, string> }

/**
 * Why the server refused a save or a publish, from the body of its error (the SDK keeps it as text):
 * a newer draft (409), or problems by field in the request's language (400). Null for anything else,
 * which the page says as any other failure.
 */
export function readRefusal(error: unknown): Refusal | null {
  if (!(error instanceof AppwriteException) || (error.code !== 409 && error.code !== 400)) return null
  let body: unknown
  try {
    body = JSON.parse(error.response)
  } catch {
    return null
  }
  if (error.code === 409) {
    const conflict = conflictSchema.safeParse(body)
    return conflict.success ? { kind: 'conflict', current: conflict.data.current } : null
  }
  const invalid = invalidSchema.safeParse(body)
  if (!invalid.success) return null
  const problems: Record<string, string> = {}
  for (const problem of invalid.data.problems) problems[fromServerPath(problem.path)] ??= problem.message
  return { kind: 'invalid', message: invalid.data.message, problems }
}

/**
 * What won over this draft: their draft, or, when there is none any more (published or discarded
 * meanwhile), what the server holds now; `gone` says which.
 */
export async function winnerOf(
  current: OtherDraft | null,
  readState: () => Promise<StorefrontState>,
): Promise<{ draft: OtherDraft; gone: boolean }> {
  if (current) return { draft: current, gone: false }
  const state = await readState()
  if (state.draft) return { draft: state.draft, gone: false }
  const { published } = state
  return {
    draft: {
      revision: state.revision,
      content: published.content,
      updatedAt: published.createdAt,
      updatedBy: null,
    },
    gone: true,
  }
}
