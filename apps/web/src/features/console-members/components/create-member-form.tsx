import { useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { currentLanguage } from '../../../lib/i18n'
import { consoleErrorText } from '../../../lib/console/console-error'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { createMember, inviteMember, type ConsoleMember } from '../api/members-api'
import { checkMemberDraft, type MemberDraft, type MemberDraftErrors } from '../model/member-draft'

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
  const titleId = useId()
  const notify = useNotify()
  const form = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState<MemberDraft>({
    email: '',
    name: '',
    language: currentLanguage(i18n.language),
  })
  const [errors, setErrors] = useState<MemberDraftErrors>({})
  const [busy, setBusy] = useState(false)
  const edit = (change: Partial<MemberDraft>) => setDraft((old) => ({ ...old, ...change }))

  async function submit() {
    const checked = checkMemberDraft(draft)
    // Rendered at once, so the first field in error can take the focus.
    flushSync(() => setErrors(checked.errors))
    if (!checked.input) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    setBusy(true)
    let member: ConsoleMember
    try {
      member = await createMember({ email: checked.input.email, name: checked.input.name })
    } catch (error) {
      notify('error', consoleErrorText(error, t))
      setBusy(false)
      return
    }
    try {
      await inviteMember(member.$id, checked.input.language)
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
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? () => undefined : onClose}>
      <form
        ref={form}
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('consoleMembers.form.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('consoleMembers.form.text')}</p>
        <FormField
          label={t('consoleMembers.form.email')}
          error={errors.email && t(`consoleMembers.form.${errors.email}`)}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              required
              autoComplete="off"
              value={draft.email}
              onChange={(event) => edit({ email: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField
          label={t('consoleMembers.form.name')}
          hint={t('consoleMembers.form.nameHint')}
          error={errors.name && t(`consoleMembers.form.${errors.name}`)}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              value={draft.name}
              onChange={(event) => edit({ name: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('consoleMembers.form.language')}>
          {(control) => (
            <select
              {...control}
              value={draft.language}
              onChange={(event) => edit({ language: currentLanguage(event.target.value) })}
              className={inputClass}
            >
              <option value="es">{t('consoleMembers.languages.es')}</option>
              <option value="en">{t('consoleMembers.languages.en')}</option>
            </select>
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('consoleMembers.form.submitting') : t('consoleMembers.form.submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
