import { useTranslation } from 'react-i18next'
import { MemberForm } from '../../../components/console/member-form'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import { checkMemberFields } from '../../../lib/console/member-fields'
import { currentLanguage } from '../../../lib/i18n'
import { createMember, inviteMember, type ConsoleMember } from '../api/members-api'

/**
 * A new member with an invitation, as `users create --invite` does: created without a password, then
 * sent a link to choose one. When the invitation fails the member exists: the notice says so.
 */
export function CreateMemberForm({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (member: ConsoleMember) => void
}) {
  const { t, i18n } = useTranslation()
  const notify = useNotify()
  return (
    <MemberForm
      initial={() => ({ email: '', name: '', language: currentLanguage(i18n.language) })}
      check={checkMemberFields}
      text={(key) => t(`consoleMembers.form.${key}`)}
      languageName={(language) => t(`consoleMembers.languages.${language}`)}
      onClose={onClose}
      onSubmit={async (input) => {
        let member: ConsoleMember
        try {
          member = await createMember({ email: input.email, name: input.name })
        } catch (error) {
          notify('error', consoleErrorText(error, t))
          return
        }
        try {
          await inviteMember(member.$id, input.language)
          notify('success', t('consoleMembers.done.created', { email: member.email }))
        } catch (error) {
          notify(
            'error',
            t('consoleMembers.done.createdNotInvited', {
              email: member.email,
              reason: consoleErrorText(error, t),
            }),
          )
        }
        onCreated(member)
      }}
    />
  )
}
