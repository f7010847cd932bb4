import { useTranslation } from 'react-i18next'
import { FormField, inputClass } from '../../../components/console/form-field'
import { MemberForm } from '../../../components/console/member-form'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import { currentLanguage } from '../../../lib/i18n'
import { grantOrder, type Order } from '../api/orders-api'
import { checkGrant } from '../model/grant-draft'

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
  const notify = useNotify()
  return (
    <MemberForm
      initial={() => ({ email: '', name: '', note: '', language: currentLanguage(i18n.language) })}
      check={checkGrant}
      text={(key) => t(`consoleOrders.grantForm.${key}`)}
      languageName={(language) => t(`consoleOrders.languages.${language}`)}
      onClose={onClose}
      onSubmit={async (input) => {
        try {
          const order = await grantOrder(input)
          notify('success', t('consoleOrders.grantForm.done', { email: order.email }))
          onGranted(order)
        } catch (error) {
          notify('error', consoleErrorText(error, t))
        }
      }}
      more={({ draft, errors, edit }) => (
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
      )}
    />
  )
}
