import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'

/** Asks before a collection is deleted (its link stops working for whoever it was shared with). */
export function DeleteCollectionDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="space-y-4 p-6">
        <h2 id={titleId} className="text-lg font-bold break-words text-slate-900">
          {t('collections.delete.title', { name })}
        </h2>
        <p className="text-sm text-slate-700">{t('collections.delete.text')}</p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('collections.delete.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {t('collections.delete.confirm')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  )
}
