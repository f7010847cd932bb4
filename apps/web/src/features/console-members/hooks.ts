import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getMember, getStoreOwner, listMembers, memberActivity } from './api/members-api'
import type { MemberFilter } from './model/member-filter'

export const membersKey = ['console', 'members'] as const

export const useMemberPage = (filter: MemberFilter) =>
  useQuery({
    queryKey: [...membersKey, 'list', filter],
    queryFn: () => listMembers(filter),
    placeholderData: keepPreviousData,
  })

/** The live sessions and orders of the members shown, keyed by their ids. */
export const useMemberActivity = (userIds: string[]) =>
  useQuery({
    queryKey: [...membersKey, 'activity', userIds],
    queryFn: async () =>
      new Map((await memberActivity(userIds)).members.map((activity) => [activity.userId, activity])),
    enabled: userIds.length > 0,
  })

/** The store's owner, whom the console cannot take the label from, disable or delete (decision 058). */
export const useStoreOwner = () => useQuery({ queryKey: [...membersKey, 'owner'], queryFn: getStoreOwner })

export const useMember = (userId: string | null) =>
  useQuery({
    queryKey: [...membersKey, 'one', userId],
    queryFn: () => getMember(userId ?? ''),
    enabled: userId !== null,
    retry: false,
  })

/**
 * After a change to a member the console reads again what it changes: the members' table, the overview's
 * counts and the audit log.
 */
export function useMembersChanged(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['console'] }), [queryClient])
}
