import { useCallback, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { useSession } from '../../features/auth/session-context'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { Pager } from '../../components/console/pager'
import type { ConsoleMember } from '../../features/console-members/api/members-api'
import { BulkInvite } from '../../features/console-members/components/bulk-invite'
import { CreateMemberForm } from '../../features/console-members/components/create-member-form'
import { MemberConfirm } from '../../features/console-members/components/member-confirm'
import { MemberFilters } from '../../features/console-members/components/member-filters'
import { MemberPanel } from '../../features/console-members/components/member-panel'
import { MembersTable } from '../../features/console-members/components/members-table'
import {
  useMemberActivity,
  useMemberPage,
  useMembersChanged,
  useStoreOwner,
} from '../../features/console-members/hooks'
import {
  isConfirmed,
  useMemberAction,
  type ConfirmedAction,
  type MemberAction,
} from '../../features/console-members/member-actions'
import {
  MEMBERS_PER_PAGE,
  readMemberFilter,
  writeMemberFilter,
  type MemberFilter,
} from '../../features/console-members/model/member-filter'

/**
 * Members: searched, filtered by status and paged, with their sessions and orders; the search, the filter,
 * the page and the member shown (`?member=`) are in the address. Create with an invitation, invite from a
 * CSV, and per member: resend the invitation, sign out everywhere, disable or enable, the admin label,
 * delete.
 */
export function MembersRoute() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const filter = readMemberFilter(params)
  const shownId = params.get('member')
  const [creating, setCreating] = useState(false)
  const [bulk, setBulk] = useState(false)
  const [pending, setPending] = useState<{ action: ConfirmedAction; member: ConsoleMember } | null>(null)
  const page = useMemberPage(filter)
  const activity = useMemberActivity(page.data?.users.map((member) => member.$id) ?? [])
  const owner = useStoreOwner()
  const runAction = useMemberAction()
  const changed = useMembersChanged()

  const onFilter = useCallback(
    (change: Partial<MemberFilter>) => setParams((old) => writeMemberFilter(old, change)),
    [setParams],
  )
  const show = useCallback(
    (userId: string | null) =>
      setParams((old) => {
        const next = new URLSearchParams(old)
        if (userId) next.set('member', userId)
        else next.delete('member')
        return next
      }),
    [setParams],
  )

  async function onAction(action: MemberAction, member: ConsoleMember) {
    if (isConfirmed(action)) setPending({ action, member })
    else await runAction(action, member)
  }

  async function confirm({ action, member }: { action: ConfirmedAction; member: ConsoleMember }) {
    if ((await runAction(action, member)) && action === 'delete') show(null)
  }

  return (
    <ConsolePage
      title={t('console.nav.members')}
      description={t('consoleMembers.description')}
      actions={
        <>
          <Button variant="secondary" onClick={() => setBulk(true)}>
            {t('consoleMembers.bulkInvite')}
          </Button>
          <Button onClick={() => setCreating(true)}>{t('consoleMembers.new')}</Button>
        </>
      }
    >
      <MemberFilters key={filter.search} filter={filter} onFilter={onFilter} />
      {page.data ? (
        <div>
          <MembersTable
            members={page.data.users}
            total={page.data.total}
            activity={activity.data}
            busy={page.isFetching}
            currentUserId={user?.id}
            ownerId={owner.data?.userId}
            onOpen={(member) => show(member.$id)}
          />
          <Pager
            offset={filter.offset}
            limit={MEMBERS_PER_PAGE}
            total={page.data.total}
            onOffset={(offset) => onFilter({ offset })}
            label={t('consoleMembers.pages')}
          />
        </div>
      ) : (
        <LoadState query={page} />
      )}
      {shownId && !pending && <MemberPanel userId={shownId} onClose={() => show(null)} onAction={onAction} />}
      {pending && (
        <MemberConfirm
          action={pending.action}
          member={pending.member}
          onConfirm={() => confirm(pending)}
          onClose={() => setPending(null)}
        />
      )}
      {creating && (
        <CreateMemberForm
          onClose={() => setCreating(false)}
          onCreated={(member) => {
            setCreating(false)
            void changed()
            setParams((old) => {
              const next = writeMemberFilter(old, { search: '', status: '', offset: 0 })
              next.set('member', member.$id)
              return next
            })
          }}
        />
      )}
      {bulk && <BulkInvite onClose={() => setBulk(false)} />}
    </ConsolePage>
  )
}
