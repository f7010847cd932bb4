import { ANALYTICS_LIMITS } from '@pg/shared/analytics'
import { changeOwnCampaign } from '../analytics/own-campaigns'
import { readOwnCampaigns } from '../analytics/own-campaigns-repository'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'

type AnalyticsRequest = Extract<AdminRequest, { command: `analytics ${string}` }>

const ofLimit = (count: number) => `${count} of ${ANALYTICS_LIMITS.ownCampaigns}`

/**
 * `analytics campaigns list|add|remove` (decision 071): the owner's own campaigns, the list the console
 * edits. A running store applies a change at its next write of the counts (within seconds). The buy
 * link's campaigns are not listed here (the CLI may run without the store's CHECKOUT_URL): the console
 * shows them.
 */
export async function runAnalyticsCommand(
  { database }: AdminContext,
  request: AnalyticsRequest,
): Promise<AdminResult> {
  switch (request.command) {
    case 'analytics campaigns list': {
      const campaigns = await readOwnCampaigns(database.db)
      if (request.json)
        return done(`${JSON.stringify({ campaigns, limit: ANALYTICS_LIMITS.ownCampaigns }, null, 2)}\n`)
      if (campaigns.length === 0) return done('No campaigns of your own yet: analytics campaigns add NAME.\n')
      return done(campaigns.map((campaign) => `${campaign}\n`).join(''))
    }
    case 'analytics campaigns add': {
      const { campaign } = request
      const campaigns = await changeOwnCampaign(
        database.db,
        { action: 'add', campaign },
        { checkout: [], at: new Date() },
      )
      return done(
        `"${campaign}" added (${ofLimit(campaigns.length)}): counted by name from the store's next write.\n`,
      )
    }
    case 'analytics campaigns remove': {
      const { campaign } = request
      const campaigns = await changeOwnCampaign(
        database.db,
        { action: 'remove', campaign },
        { checkout: [], at: new Date() },
      )
      return done(`"${campaign}" removed (${ofLimit(campaigns.length)} left).\n`)
    }
  }
}
