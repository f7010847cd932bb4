import { useId, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'
import { ModalDialog } from '../ui/modal-dialog'

/**
 * A form in a modal dialog: its title names the dialog, a line says what it does, then its fields,
 * Cancel and the submit button. While `busy` neither button works and Escape does not close it.
 * Validation is the form's own (`noValidate`): each problem is shown under its field.
 */
export function FormDialog({
  title,
  text,
  submitLabel,
  busy,
  form,
  onSubmit,
  onClose,
  children,
}: {
  title: string
  text: string
  submitLabel: string
  busy: boolean
  form?: RefObject<HTMLFormElement | null>
  onSubmit: () => void
  onClose: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? () => undefined : onClose}>
      <form
        ref={form}
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p className="text-sm break-words text-slate-700">{text}</p>
        {children}
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
