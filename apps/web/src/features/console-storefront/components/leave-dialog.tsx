import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../components/console/form-dialog'

/** Asked when going elsewhere in the console and the draft could not be saved first. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation()
  return (
    <FormDialog
      title={t('consoleStorefront.leave.title')}
      text={t('consoleStorefront.leave.text')}
      submitLabel={t('consoleStorefront.leave.confirm')}
      busy={false}
      onSubmit={onLeave}
      onClose={onStay}
    />
  )
}
