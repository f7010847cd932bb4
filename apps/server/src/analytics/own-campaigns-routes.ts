import {
  ANALYTICS_LIMITS,
  ownCampaignSchema,
  type OwnCampaigns as OwnCampaignsAnswer,
} from '@pg/shared/analytics'
import { z } from 'zod'
import { bodyParams, requiredParam } from '../platform/appwrite/params'
import { recordAuditEvent } from '../platform/audit/audit-log'
import type { Database } from '../platform/db/client'
import { said } from '../platform/error-messages/error-message'
import { consoleActor } from '../platform/http/admin-routes'
import type { RouteDefinition } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { changeOwnCampaign, type OwnCampaigns } from './own-campaigns'
import { readOwnCampaigns } from './own-campaigns-repository'

const URL = '/v1/store/analytics/campaigns'

/**
 * The owner's own campaigns in the console's Analytics page (issue 40, L6; decision 071): the list (with
 * the buy link's apart), add one, remove one; each change audited (`analytics campaigns add|remove`, as
 * the CLI's commands) and applied to this process's counting at once, to the others' at their next write.
 */
export function ownCampaignsRoutes(options: {
  db: Database
  ownCampaigns: Pick<OwnCampaigns, 'checkout' | 'changed'>
  now?: () => Date
}): RouteDefinition<SignedIn>[] {
  const { db, ownCampaigns } = options
  const now = options.now ?? (() => new Date())
  const answer = (campaigns: string[]): OwnCampaignsAnswer => ({
    campaigns,
    checkoutCampaigns: [...ownCampaigns.checkout],
    limit: ANALYTICS_LIMITS.ownCampaigns,
  })

  async function change(action: 'add' | 'remove', campaign: string, member: SignedIn) {
    const campaigns = await changeOwnCampaign(
      db,
      { action, campaign },
      {
        checkout: ownCampaigns.checkout,
        at: now(),
        audit: (tx) =>
          recordAuditEvent(tx, consoleActor(member), {
            action: `analytics campaigns ${action}`,
            subject: `analytics-campaigns/${campaign}`,
            ...(action === 'add' ? { after: { campaign } } : { before: { campaign } }),
          }),
      },
    )
    ownCampaigns.changed(campaigns)
    return answer(campaigns)
  }

  return [
    {
      method: 'GET',
      url: URL,
      access: 'admin',
      handler: async () => answer(await readOwnCampaigns(db)),
    },
    {
      method: 'POST',
      url: URL,
      access: 'admin',
      handler: async ({ request, reply, member }) => {
        const campaign = requiredParam(
          bodyParams(request.body),
          'campaign',
          ownCampaignSchema,
          said('ownCampaignReason', { characters: ANALYTICS_LIMITS.textLength }),
        )
        return reply.code(201).send(await change('add', campaign, member))
      },
    },
    {
      method: 'DELETE',
      url: `${URL}/:campaign`,
      access: 'admin',
      handler: async ({ request, member }) => {
        const { campaign } = z.object({ campaign: z.string() }).parse(request.params)
        return change('remove', campaign, member)
      },
    },
  ]
}
