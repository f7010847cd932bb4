import { useTranslation } from 'react-i18next'
import { ConsoleTable } from '../../../components/console/console-table'
import { Button } from '../../../components/ui/button'
import type { ConsoleMember, MemberActivity } from '../api/members-api'
import { countFormat, dayFormat, momentFormat } from '../model/member-format'
import { MemberBadges } from './member-badges'

const cell = 'px-4 py-3'

/** A page of members, newest first, with their live sessions and orders once counted; each opens its page. */
export function MembersTable({
  members,
  total,
  activity,
  busy,
  currentUserId,
  ownerId,
  onOpen,
}: {
  members: ConsoleMember[]
  total: number
  /** Undefined while counting (or when counting failed: the table still shows the members). */
  activity: Map<string, MemberActivity> | undefined
  busy: boolean
  currentUserId: string | undefined
  /** The store's owner (decision 058), once known. */
  ownerId: string | undefined
  onOpen: (member: ConsoleMember) => void
}) {
  const { t, i18n } = useTranslation()
  const days = dayFormat(i18n.language)
  const moments = momentFormat(i18n.language)
  const counts = countFormat(i18n.language)
  const count = (value: number | undefined) =>
    value === undefined ? (
      <>
        <span aria-hidden="true" className="text-slate-500">
          …
        </span>
        <span className="sr-only">{t('consoleMembers.counting')}</span>
      </>
    ) : (
      counts.format(value)
    )
  return (
    <ConsoleTable
      caption={t('consoleMembers.caption', { count: total })}
      columns={[
        { label: t('consoleMembers.columns.member') },
        { label: t('consoleMembers.columns.status') },
        { label: t('consoleMembers.columns.created') },
        { label: t('consoleMembers.columns.lastActivity') },
        { label: t('consoleMembers.columns.sessions'), numeric: true },
        { label: t('consoleMembers.columns.orders'), numeric: true },
        { label: t('console.common.actions'), hidden: true },
      ]}
      items={members}
      busy={busy}
      empty={t('consoleMembers.none')}
      headingsOnOneLine
      row={(member) => {
        const counted = activity?.get(member.$id)
        return (
          <tr key={member.$id} className={member.status ? '' : 'bg-slate-50'}>
            <th scope="row" className={`${cell} min-w-56 text-left font-normal`}>
              <span className="block font-medium break-all text-slate-900">{member.email}</span>
              <span className="block text-slate-600">
                {member.name || t('consoleMembers.noName')}
                {member.$id === currentUserId && (
                  <span className="ml-2 text-xs font-semibold text-blue-800">
                    ({t('consoleMembers.you')})
                  </span>
                )}
              </span>
            </th>
            <td className={cell}>
              <MemberBadges member={member} owner={member.$id === ownerId} />
            </td>
            <td className={`${cell} whitespace-nowrap text-slate-700`}>
              <time dateTime={member.$createdAt}>{days.format(new Date(member.$createdAt))}</time>
            </td>
            <td className={`${cell} whitespace-nowrap text-slate-700`}>
              <time dateTime={member.accessedAt}>{moments.format(new Date(member.accessedAt))}</time>
            </td>
            <td className={`${cell} text-right text-slate-900 tabular-nums`}>{count(counted?.sessions)}</td>
            <td className={`${cell} text-right text-slate-900 tabular-nums`}>{count(counted?.orders)}</td>
            <td className={`${cell} text-right`}>
              <Button
                variant="secondary"
                onClick={() => onOpen(member)}
                aria-label={t('consoleMembers.manageNamed', { email: member.email })}
              >
                {t('consoleMembers.manage')}
              </Button>
            </td>
          </tr>
        )
      }}
    />
  )
}
