import { emailSchema } from '@pg/shared/account'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../components/console/form-dialog'
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
    <FormDialog
      title={t('consoleOrders.grantIgnored.title')}
      text={
        askEmail
          ? t('consoleOrders.grantIgnored.textNoEmail')
          : t('consoleOrders.grantIgnored.text', { email: order.email })
      }
      submitLabel={busy ? t('consoleOrders.grantForm.submitting') : t('consoleOrders.grantIgnored.confirm')}
      busy={busy}
      onSubmit={() => void grant()}
      onClose={onClose}
    >
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
    </FormDialog>
  )
}
