import { ADMIN_LABEL } from '@pg/shared/constants'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../lib/i18n'
import { consoleErrorText } from '../../lib/console/console-error'
import { useNotify } from '../../components/console/notice'
import {
  deleteMember,
  inviteMember,
  setMemberLabels,
  setMemberStatus,
  signOutEverywhere,
  type ConsoleMember,
} from './api/members-api'
import { useMembersChanged } from './hooks'

/** What the owner can do to a member from the console, each through the Users routes (decision 035). */
export type MemberAction = 'invite' | 'enable' | 'disable' | 'signOut' | 'addAdmin' | 'removeAdmin' | 'delete'

/** Asked before they run: what ends something or hands over the console. */
export type ConfirmedAction = Extract<
  MemberAction,
  'disable' | 'signOut' | 'addAdmin' | 'removeAdmin' | 'delete'
>
export const isConfirmed = (action: MemberAction): action is ConfirmedAction =>
  action !== 'invite' && action !== 'enable'

const DONE_TEXTS = {
  invite: 'invited',
  enable: 'enabled',
  disable: 'disabled',
  signOut: 'signedOut',
  addAdmin: 'adminAdded',
  removeAdmin: 'adminRemoved',
  delete: 'deleted',
} as const satisfies Record<MemberAction, string>

function run(action: MemberAction, member: ConsoleMember, language: 'es' | 'en'): Promise<unknown> {
  switch (action) {
    case 'invite':
      return inviteMember(member.$id, language)
    case 'enable':
      return setMemberStatus(member.$id, true)
    case 'disable':
      return setMemberStatus(member.$id, false)
    case 'signOut':
      return signOutEverywhere(member.$id)
    case 'addAdmin':
      return setMemberLabels(member.$id, [...member.labels, ADMIN_LABEL])
    case 'removeAdmin':
      return setMemberLabels(
        member.$id,
        member.labels.filter((label) => label !== ADMIN_LABEL),
      )
    case 'delete':
      return deleteMember(member.$id)
  }
}

/**
 * Runs an action and says how it went: the outcome in a notice, or the server's own words when it refused
 * (an admin cannot disable, delete or take the label from themselves). True when it was done.
 */
export function useMemberAction(): (action: MemberAction, member: ConsoleMember) => Promise<boolean> {
  const { t, i18n } = useTranslation()
  const notify = useNotify()
  const changed = useMembersChanged()
  return useCallback(
    async (action, member) => {
      let done = false
      try {
        // The invitation goes out in the page's language: the owner writes to their buyers in it.
        await run(action, member, currentLanguage(i18n.language))
        notify('success', t(`consoleMembers.done.${DONE_TEXTS[action]}`, { email: member.email }))
        done = true
      } catch (error) {
        notify('error', consoleErrorText(error, t))
      }
      await changed()
      return done
    },
    [changed, i18n.language, notify, t],
  )
}
