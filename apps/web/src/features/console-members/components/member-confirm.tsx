import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import type { ConsoleMember } from '../api/members-api'
import type { ConfirmedAction } from '../member-actions'

/** Asks before an action that ends something or hands over the console; deleting asks for the email typed. */
export function MemberConfirm({
  action,
  member,
  onConfirm,
  onClose,
}: {
  action: ConfirmedAction
  member: ConsoleMember
  onConfirm: () => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      title={t(`consoleMembers.confirm.${action}Title`, { email: member.email })}
      confirmLabel={t(`consoleMembers.confirm.${action}`)}
      typedWord={action === 'delete' ? member.email : undefined}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t(`consoleMembers.confirm.${action}Text`)}</p>
    </ConfirmDialog>
  )
}
