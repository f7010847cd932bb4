import { z } from 'zod'
import { idSchema, oneLine } from './catalog'

/**
 * Members' named collections of projects (issue 32, decision 064): Appwrite documents of the `collections`
 * collection in the gallery database, with document-level permissions; a shared one is reached by its
 * share id (decision 070). The server and the web app read the same limits and attributes from here.
 */
export const MEMBER_COLLECTIONS_ID = 'collections'

/** What keeps the store healthy: collections a member may keep, projects in one, a name's length. */
export const MEMBER_COLLECTION_LIMITS = {
  perMember: 50,
  projects: 100,
  nameLength: 60,
  /** The member's order of their collections: any whole number in this range. */
  maxPosition: 1_000_000,
} as const

/**
 * The attributes a member writes (`ownerId` and `shareId` are the server's). Strict: an attribute the collection does
 * not have is refused, as Appwrite refuses it (`document_invalid_structure`). Repeated projects are
 * refused by the server, naming the project.
 */
export const memberCollectionDataSchema = z.strictObject({
  name: oneLine(z.string().trim().min(1).max(MEMBER_COLLECTION_LIMITS.nameLength)),
  projectIds: z.array(idSchema).max(MEMBER_COLLECTION_LIMITS.projects).default([]),
  position: z.int().min(0).max(MEMBER_COLLECTION_LIMITS.maxPosition).optional(),
  /** Read-only: accepted only as the member's own id, so a document read can be sent back as it is. */
  ownerId: z.string().optional(),
  /**
   * Read-only: the server's unguessable id of a shared collection's link, null while private (issue 40,
   * decision 070). Accepted only as the collection has it, so a document read can be sent back as it is.
   */
  shareId: z.string().nullable().optional(),
})
export type MemberCollectionData = z.infer<typeof memberCollectionDataSchema>

/** An update changes only what it names. */
export const memberCollectionChangesSchema = z.strictObject({
  name: memberCollectionDataSchema.shape.name.optional(),
  projectIds: z.array(idSchema).max(MEMBER_COLLECTION_LIMITS.projects).optional(),
  position: memberCollectionDataSchema.shape.position,
  ownerId: memberCollectionDataSchema.shape.ownerId,
  shareId: memberCollectionDataSchema.shape.shareId,
})
export type MemberCollectionChanges = z.infer<typeof memberCollectionChangesSchema>
