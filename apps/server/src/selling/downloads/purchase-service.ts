import {
  DOWNLOAD_VALID_DAYS,
  type DOWNLOAD_UNAVAILABLE_REASONS,
  type DownloadLink,
  type Purchase,
  type PurchaseOrder,
} from '@pg/shared/purchase'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import { toAppwriteDate } from '../../platform/appwrite/dates'
import { hashSecret, newSecret } from '../../platform/security/secrets'
import { downloadFileProblem } from './download-file'
import type { DownloadRepository, OrderDownloads } from './download-repository'
import type { StoreSettings } from './store-settings'

export type DownloadUnavailableReason = (typeof DOWNLOAD_UNAVAILABLE_REASONS)[number]

/** How long a download link works: long enough to start the download, too short to pass around. */
export const DOWNLOAD_LINK_MINUTES = 15
const DAY_MS = 86_400_000

/** Why a link does not start a download; the route words each for the buyer's browser. */
export type LinkRefusal = 'unknown' | 'expired' | 'ended' | 'member_ended' | 'not_configured'

const unavailableMessage = (reason: DownloadUnavailableReason, limit: number) => {
  switch (reason) {
    case 'not_paid':
      return said('downloadNotPaid')
    case 'expired':
      return said('downloadExpired', { days: DOWNLOAD_VALID_DAYS })
    case 'limit_reached':
      return said('downloadLimitReached', { limit })
    case 'not_configured':
      return said('downloadNotConfigured')
  }
}

/** The end of an order's download window; an order with no purchase time counts from when it was recorded. */
const windowEnd = (order: OrderDownloads['order']) =>
  new Date((order.purchasedAt ?? order.createdAt).getTime() + DOWNLOAD_VALID_DAYS * DAY_MS)

/** Why an order cannot start a download now, the first reason that applies; null when it can. */
function unavailableReason(
  { order, used }: OrderDownloads,
  context: { limit: number; fileReady: boolean; now: Date },
): DownloadUnavailableReason | null {
  if (order.status !== 'paid') return 'not_paid'
  if (context.now >= windowEnd(order)) return 'expired'
  if (used >= context.limit) return 'limit_reached'
  if (!context.fileReady) return 'not_configured'
  return null
}

/** What a buyer gets (README: Selling): their orders, each order's download, the bonuses, support. */
export function createPurchaseService(options: {
  downloads: DownloadRepository
  settings: StoreSettings
  /** The published storefront's support address, else SUPPORT_EMAIL, else the built-in one. */
  supportEmail: () => Promise<string>
  now?: () => Date
}) {
  const { downloads, settings } = options
  const now = options.now ?? (() => new Date())

  /** The file to deliver, or null while none is set or this process cannot read it. */
  const readyFile = async (file: string | null) =>
    file !== null && (await downloadFileProblem(file)) === null ? file : null

  return {
    async purchase(userId: string): Promise<Purchase> {
      const [rows, effective, supportEmail] = await Promise.all([
        downloads.memberOrders(userId),
        settings.effective(),
        options.supportEmail(),
      ])
      const limit = effective.downloadLimit
      const context = { limit, fileReady: (await readyFile(effective.downloadFile)) !== null, now: now() }
      return {
        orders: rows.map((row): PurchaseOrder => {
          const reason = unavailableReason(row, context)
          return {
            $id: row.order.id,
            product: row.order.product,
            provider: row.order.provider,
            status: row.order.status,
            purchasedAt: toAppwriteDate(row.order.purchasedAt ?? row.order.createdAt),
            amount: row.order.amount,
            currency: row.order.currency,
            download: {
              available: reason === null,
              reason,
              expiresAt: toAppwriteDate(windowEnd(row.order)),
              used: row.used,
              limit,
            },
          }
        }),
        bonuses: [
          { id: 'bonus1', url: effective.bonusUrls.bonus1 },
          { id: 'bonus2', url: effective.bonusUrls.bonus2 },
        ],
        supportEmail,
      }
    },

    /** A short-lived link to the member's own order's download; another member's order is not found. */
    async issueDownload(userId: string, orderId: string): Promise<DownloadLink> {
      const { downloadFile, downloadLimit: limit } = await settings.effective()
      const file = await readyFile(downloadFile)
      const secret = newSecret()
      const issuedAt = now()
      const expiresAt = new Date(issuedAt.getTime() + DOWNLOAD_LINK_MINUTES * 60_000)
      const result = await downloads.issueLink(
        { orderId, userId, secretHash: hashSecret(secret), expiresAt, now: issuedAt },
        (current) => unavailableReason(current, { limit, fileReady: file !== null, now: issuedAt }),
      )
      if (!result.issued) {
        if (result.reason === 'not_found') throw new AppwriteError('order_not_found')
        throw new AppwriteError(
          'download_unavailable',
          unavailableMessage(result.reason, limit),
          {},
          {
            reason: result.reason,
          },
        )
      }
      // A path on the store's own origin: the page that asked follows it; no host is taken from the request.
      return { url: `/downloads/${secret}`, expire: toAppwriteDate(expiresAt) }
    },

    /**
     * The file a link delivers, while the link lives, its order is still paid and its member may still
     * use the store: checked on every request, a range that resumes a download included (issue 28).
     */
    async openDownload(secret: string): Promise<{ file: string } | { refusal: LinkRefusal }> {
      const link = await downloads.findLink(hashSecret(secret))
      if (!link) return { refusal: 'unknown' }
      if (link.expiresAt <= now()) return { refusal: 'expired' }
      if (link.status !== 'paid') return { refusal: 'ended' }
      if (!link.memberAllowed) return { refusal: 'member_ended' }
      const file = await readyFile((await settings.effective()).downloadFile)
      return file === null ? { refusal: 'not_configured' } : { file }
    },
  }
}

export type PurchaseService = ReturnType<typeof createPurchaseService>
