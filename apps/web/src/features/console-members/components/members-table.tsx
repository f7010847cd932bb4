import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import type { ConsoleMember, MemberActivity } from '../api/members-api'
import { countFormat, dayFormat, momentFormat } from '../model/member-format'
import { MemberBadges } from './member-badges'

const cell = 'px-4 py-3'
const head = `${cell} font-semibold whitespace-nowrap`

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
  // Relative: the sr-only texts inside (absolutely placed) scroll with the table instead of widening the page.
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-busy={busy}>
        <caption className="sr-only">{t('consoleMembers.caption', { count: total })}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className={head}>
              {t('consoleMembers.columns.member')}
            </th>
            <th scope="col" className={head}>
              {t('consoleMembers.columns.status')}
            </th>
            <th scope="col" className={head}>
              {t('consoleMembers.columns.created')}
            </th>
            <th scope="col" className={head}>
              {t('consoleMembers.columns.lastActivity')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('consoleMembers.columns.sessions')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('consoleMembers.columns.orders')}
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">{t('console.common.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => {
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
                <td className={`${cell} text-right text-slate-900 tabular-nums`}>
                  {count(counted?.sessions)}
                </td>
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
          })}
        </tbody>
      </table>
      {members.length === 0 && (
        <p className="p-6 text-center text-sm text-slate-600">{t('consoleMembers.none')}</p>
      )}
    </div>
  )
}
