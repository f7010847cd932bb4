import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ownCampaignsSchema } from '@pg/shared/analytics'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'

/**
 * The owner's own campaigns (`/v1/store/analytics/campaigns`, decision 071): always counted by name,
 * whatever the day's bounds. Each answer is the whole list again.
 */
export const ownCampaignsKey = ['console', 'analytics-campaigns'] as const

export const listOwnCampaigns = () => consoleRequest('GET', '/store/analytics/campaigns', ownCampaignsSchema)

export const addOwnCampaign = (campaign: string) =>
  consoleRequest('POST', '/store/analytics/campaigns', ownCampaignsSchema, { campaign })

export const removeOwnCampaign = (campaign: string) =>
  consoleRequest('DELETE', `/store/analytics/campaigns/${pathPart(campaign)}`, ownCampaignsSchema)

export const useOwnCampaigns = () => useQuery({ queryKey: ownCampaignsKey, queryFn: listOwnCampaigns })

/** Adds or removes one; the list the server answers replaces the one shown. */
export function useOwnCampaignChanges() {
  const queryClient = useQueryClient()
  const show = (answer: Awaited<ReturnType<typeof listOwnCampaigns>>) =>
    queryClient.setQueryData(ownCampaignsKey, answer)
  return {
    add: useMutation({ mutationFn: addOwnCampaign, onSuccess: show }),
    remove: useMutation({ mutationFn: removeOwnCampaign, onSuccess: show }),
  }
}
