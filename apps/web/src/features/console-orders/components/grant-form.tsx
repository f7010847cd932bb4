import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../../lib/i18n'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { consoleErrorText } from '../../../lib/console/console-error'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { grantOrder, type GrantInput, type Order } from '../api/orders-api'
import { checkGrant, type GrantErrors } from '../model/grant-draft'

/**
 * Grants access for a sale made elsewhere, as `npm run admin -- orders grant` does: email, name, a note
 * and the welcome email's language. Errors are shown in place; the server's own in a notice.
 */
export function GrantForm({
  onClose,
  onGranted,
}: {
  onClose: () => void
  onGranted: (order: Order) => void
}) {
  const { t, i18n } = useTranslation()
  const titleId = useId()
  const notify = useNotify()
  const form = useRef<HTMLFormElement>(null)
  const [draft, setDraft] = useState<GrantInput>({
    email: '',
    name: '',
    note: '',
    language: currentLanguage(i18n.language),
  })
  const [errors, setErrors] = useState<GrantErrors>({})
  const [busy, setBusy] = useState(false)
  // Each refused attempt moves focus to the first field in error, once it shows its message.
  const [refused, setRefused] = useState(0)
  useEffect(() => {
    if (refused > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [refused])
  const edit = (change: Partial<GrantInput>) => setDraft((old) => ({ ...old, ...change }))

  async function submit() {
    const checked = checkGrant(draft)
    setErrors(checked.errors)
    if (!checked.input) {
      setRefused((count) => count + 1)
      return
    }
    setBusy(true)
    try {
      const order = await grantOrder(checked.input)
      notify('success', t('consoleOrders.grantForm.done', { email: order.email }))
      onGranted(order)
    } catch (error) {
      notify('error', consoleErrorText(error, t))
      setBusy(false)
    }
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
          {t('consoleOrders.grantForm.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('consoleOrders.grantForm.text')}</p>
        <FormField
          label={t('consoleOrders.grantForm.email')}
          error={errors.email && t(`consoleOrders.grantForm.${errors.email}`)}
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
          label={t('consoleOrders.grantForm.name')}
          hint={t('consoleOrders.grantForm.nameHint')}
          error={errors.name && t(`consoleOrders.grantForm.${errors.name}`)}
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
        <FormField
          label={t('consoleOrders.grantForm.note')}
          hint={t('consoleOrders.grantForm.noteHint')}
          error={errors.note && t(`consoleOrders.grantForm.${errors.note}`)}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              value={draft.note}
              onChange={(event) => edit({ note: event.target.value })}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={t('consoleOrders.grantForm.language')}>
          {(control) => (
            <select
              {...control}
              value={draft.language}
              onChange={(event) => edit({ language: currentLanguage(event.target.value) })}
              className={inputClass}
            >
              <option value="es">{t('consoleOrders.languages.es')}</option>
              <option value="en">{t('consoleOrders.languages.en')}</option>
            </select>
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('consoleOrders.grantForm.submitting') : t('consoleOrders.grantForm.submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
