import { ADMIN_LABEL } from '@pg/shared/constants'
import { useTranslation } from 'react-i18next'
import type { ConsoleMember } from '../api/members-api'

const badge =
  'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset'

export const isAdminMember = (member: ConsoleMember) => member.labels.includes(ADMIN_LABEL)

/**
 * Active or disabled as a word (the colour only repeats it), the admin label when they carry it, and
 * whether they own the store (decision 058).
 */
export function MemberBadges({ member, owner = false }: { member: ConsoleMember; owner?: boolean }) {
  const { t } = useTranslation()
  return (
    <span className="inline-flex flex-wrap gap-1">
      {member.status ? (
        <span className={`${badge} bg-emerald-50 text-emerald-900 ring-emerald-300`}>
          {t('consoleMembers.statuses.active')}
        </span>
      ) : (
        <span className={`${badge} bg-slate-100 text-slate-800 ring-slate-400`}>
          {t('consoleMembers.statuses.disabled')}
        </span>
      )}
      {isAdminMember(member) && (
        <span className={`${badge} bg-blue-50 text-blue-900 ring-blue-300`}>
          {t('consoleMembers.adminLabel')}
        </span>
      )}
      {owner && (
        <span className={`${badge} bg-amber-50 text-amber-900 ring-amber-300`}>
          {t('consoleMembers.ownerLabel')}
        </span>
      )}
    </span>
  )
}
