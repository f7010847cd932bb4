import { emailSchema } from '@pg/shared/account'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { consoleErrorText } from '../../../lib/console/console-error'
import { FormField, inputClass } from '../../../components/console/form-field'
import { useNotify } from '../../../components/console/notice'
import { grantIgnoredOrder, hasValidEmail, type Order } from '../api/orders-api'

/**
 * Grants an order the store ignored (another product, no valid email, nothing paid), as
 * `npm run admin -- orders grant-ignored` does: the buyer becomes a member and gets the usual email.
 * When the order's email is not one valid address, the owner types the buyer's.
 */
export function GrantIgnoredDialog({
  order,
  onClose,
  onGranted,
}: {
  order: Order
  onClose: () => void
  onGranted: (order: Order) => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const notify = useNotify()
  const field = useRef<HTMLInputElement>(null)
  const askEmail = !hasValidEmail(order)
  const [email, setEmail] = useState(askEmail ? order.email.trim() : '')
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)

  async function grant() {
    const typed = email.trim()
    if (askEmail && !emailSchema.safeParse(typed).success) {
      setInvalid(true)
      field.current?.focus()
      return
    }
    setBusy(true)
    try {
      const granted = await grantIgnoredOrder(order.id, askEmail ? typed : undefined)
      notify('success', t('consoleOrders.grantIgnored.done', { email: granted.email }))
      onGranted(granted)
    } catch (error) {
      notify('error', consoleErrorText(error, t))
      setBusy(false)
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? () => undefined : onClose}>
      <form
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          void grant()
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('consoleOrders.grantIgnored.title')}
        </h2>
        <p className="text-sm break-words text-slate-700">
          {askEmail
            ? t('consoleOrders.grantIgnored.textNoEmail')
            : t('consoleOrders.grantIgnored.text', { email: order.email })}
        </p>
        {askEmail && (
          <FormField
            label={t('consoleOrders.grantIgnored.email')}
            error={invalid ? t('consoleOrders.grantForm.invalidEmail') : undefined}
          >
            {(control) => (
              <input
                {...control}
                ref={field}
                type="email"
                required
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className={inputClass}
              />
            )}
          </FormField>
        )}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? t('consoleOrders.grantForm.submitting') : t('consoleOrders.grantIgnored.confirm')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
