import { MEMBER_COLLECTIONS_ID } from '@pg/shared/member-collections'
import { toAppwriteDate } from '../platform/appwrite/dates'
import type { RealtimeAnnouncement } from '../platform/realtime/realtime-announcements'
import { collectionPermissions } from '../returning/collections/collection-permissions'

/** Who may hear a delivery, decided per connection when it is sent (decision 077). */
export type Audience =
  /** Any member signed in with a live session (the catalogue's `read("users")`). */
  | { kind: 'members' }
  /** Members with the admin label: the console's channels. */
  | { kind: 'admins' }
  /** One member: their account, their own collections. */
  | { kind: 'member'; userId: string }

/** One message's worth: the `data` of Appwrite's `event` message, less the subscriptions, and who hears it. */
export interface Delivery {
  audience: Audience
  channels: string[]
  events: string[]
  timestamp: string
  payload: Record<string, unknown>
}

/** The store's own channels, for admins only, in Appwrite's dotted style (README: Realtime). */
export const ADMIN_CHANNELS = ['console.orders', 'console.members', 'console.readiness'] as const

/**
 * Appwrite's events for one change (its `Event::generateEvents`): the full name with its action (and
 * attribute), without them, and each shorter prefix; every one with each combination of its ids and `*`.
 * `databases.gallery.collections.projects.documents.p1.create` gives 22 names, from the one itself to
 * `databases.*`.
 */
export function appwriteEvents(
  resources: readonly (readonly [type: string, id: string])[],
  action: string,
  attribute?: string,
): string[] {
  const patterns: { parts: (readonly [string, string])[]; suffix: string[] }[] = []
  if (attribute) patterns.push({ parts: [...resources], suffix: [action, attribute] })
  patterns.push({ parts: [...resources], suffix: [action] })
  for (let length = resources.length; length > 0; length -= 1)
    patterns.push({ parts: resources.slice(0, length), suffix: [] })
  const events = new Set<string>()
  for (const { parts, suffix } of patterns) {
    for (let mask = 0; mask < 1 << parts.length; mask += 1) {
      const named = parts.map(([type, id], index) => `${type}.${mask & (1 << index) ? '*' : id}`)
      events.add([...named, ...suffix].join('.'))
    }
  }
  return [...events]
}

const documentChannels = (databaseId: string, collectionId: string, id: string) => [
  'documents',
  `databases.${databaseId}.collections.${collectionId}.documents`,
  `databases.${databaseId}.collections.${collectionId}.documents.${id}`,
]

const documentEvents = (databaseId: string, collectionId: string, id: string, action: string) =>
  appwriteEvents(
    [
      ['databases', databaseId],
      ['collections', collectionId],
      ['documents', id],
    ],
    action,
  )

const text = (value: unknown) => (typeof value === 'string' ? value : '')
/** An announced moment in Appwrite's format; one missing or unreadable is the announcement's own. */
const date = (value: string, fallback = new Date()) => {
  const parsed = new Date(value)
  return toAppwriteDate(Number.isNaN(parsed.getTime()) ? fallback : parsed)
}

const PROJECT_ACTIONS = {
  'project.created': 'create',
  'project.updated': 'update',
  'project.deleted': 'delete',
}
const ORDER_ACTIONS = { 'order.paid': 'paid', 'order.refunded': 'refunded', 'order.disputed': 'disputed' }

/** A project's change: its `$` fields and what a gallery shows of it first; the page reads the rest. */
function projectDelivery(
  type: keyof typeof PROJECT_ACTIONS,
  data: Record<string, unknown>,
  at: string,
  databaseId: string,
) {
  const id = text(data.projectId)
  const action = PROJECT_ACTIONS[type]
  const described =
    action === 'delete'
      ? { title: text(data.title) }
      : {
          $createdAt: date(text(data.createdAt)),
          $updatedAt: date(text(data.updatedAt)),
          title: text(data.title),
          subtitle: text(data.subtitle),
          author: text(data.author),
          category: text(data.categoryId),
        }
  return {
    audience: { kind: 'members' },
    channels: documentChannels(databaseId, 'projects', id),
    events: documentEvents(databaseId, 'projects', id, action),
    timestamp: date(at),
    payload: {
      $id: id,
      $collectionId: 'projects',
      $databaseId: databaseId,
      $permissions: ['read("users")'],
      ...described,
    },
  } satisfies Delivery
}

/**
 * The deliveries of an announcement. A collection's owner hears it on the collection channels; another
 * member only by its share id, as they read it (decision 070): the shared view, and only while shared.
 * `account` needs the member's row, which the hub reads (`accountPayload`).
 */
export function deliveriesOf(
  announcement: RealtimeAnnouncement,
  databaseId: string,
  accountPayload: () => Record<string, unknown> | null,
): Delivery[] {
  const timestamp = date(announcement.at)
  switch (announcement.kind) {
    case 'webhook': {
      const { type, data } = announcement
      if (type === 'project.created' || type === 'project.updated' || type === 'project.deleted')
        return [projectDelivery(type, data, announcement.at, databaseId)]
      if (type === 'order.paid' || type === 'order.refunded' || type === 'order.disputed') {
        const id = text(data.orderId)
        return [
          {
            audience: { kind: 'admins' },
            channels: ['console.orders', `console.orders.${id}`],
            events: appwriteEvents([['orders', id]], ORDER_ACTIONS[type]),
            timestamp,
            payload: { $id: id, ...data },
          },
        ]
      }
      const id = text(data.userId)
      // A new member (`users.*.create`) and one turned off (`users.*.update.status`), as Appwrite names them.
      const [action, attribute] =
        type === 'member.created' ? ['create'] : type === 'member.disabled' ? ['update', 'status'] : []
      if (!action) return []
      return [
        {
          audience: { kind: 'admins' },
          channels: ['console.members', `console.members.${id}`],
          events: appwriteEvents([['users', id]], action, attribute),
          timestamp,
          payload: { $id: id, ...data },
        },
      ]
    }
    case 'account': {
      const payload = accountPayload()
      if (!payload) return []
      return [
        {
          audience: { kind: 'member', userId: announcement.userId },
          channels: ['account', `account.${announcement.userId}`],
          events: appwriteEvents([['users', announcement.userId]], 'update', announcement.change),
          timestamp,
          payload,
        },
      ]
    }
    case 'collection': {
      const { action, id, ownerId, shareId } = announcement
      const system = {
        $sequence: announcement.sequence,
        $collectionId: MEMBER_COLLECTIONS_ID,
        $databaseId: databaseId,
        $createdAt: date(announcement.createdAt),
        $updatedAt: date(announcement.updatedAt),
      }
      const own: Delivery = {
        audience: { kind: 'member', userId: ownerId },
        channels: documentChannels(databaseId, MEMBER_COLLECTIONS_ID, id),
        events: documentEvents(databaseId, MEMBER_COLLECTIONS_ID, id, action),
        timestamp,
        payload: {
          $id: id,
          ...system,
          $permissions: collectionPermissions(ownerId, shareId !== null),
          ownerId,
        },
      }
      const byLink = (linkId: string, linkAction: typeof action): Delivery => ({
        audience: { kind: 'members' },
        channels: [`databases.${databaseId}.collections.${MEMBER_COLLECTIONS_ID}.documents.${linkId}`],
        events: documentEvents(databaseId, MEMBER_COLLECTIONS_ID, linkId, linkAction),
        timestamp,
        payload: { $id: linkId, ...system, $permissions: ['read("users")'] },
      })
      // Made private: to its link's readers the collection is gone, as reading it by the link now says.
      if (announcement.unsharedId) return [own, byLink(announcement.unsharedId, 'delete')]
      if (shareId === null) return [own]
      return [own, byLink(shareId, action)]
    }
    case 'readiness': {
      const { line } = announcement
      return [
        {
          audience: { kind: 'admins' },
          channels: ['console.readiness', `console.readiness.${line}`],
          events: appwriteEvents([['readiness', line]], 'update'),
          timestamp,
          payload: { $id: line },
        },
      ]
    }
  }
}
