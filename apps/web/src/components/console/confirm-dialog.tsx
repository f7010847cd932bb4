import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'
import { ModalDialog } from '../ui/modal-dialog'

/**
 * Asks before a destructive action. With `typedWord`, the owner types it before the button works (for
 * what cannot be undone, like deleting a member). `onConfirm` may be slow: the dialog waits, then closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  typedWord,
  onConfirm,
  onClose,
}: {
  title: string
  children: ReactNode
  confirmLabel: string
  typedWord?: string
  onConfirm: () => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [mismatch, setMismatch] = useState(false)
  const matches = !typedWord || typed.trim() === typedWord

  async function confirm() {
    if (!matches) {
      setMismatch(true)
      return
    }
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      onClose()
    }
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={busy ? () => undefined : onClose}>
      <form
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault()
          void confirm()
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <div className="text-sm text-slate-700">{children}</div>
        {typedWord && (
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              {t('console.confirm.typeToConfirm', { word: typedWord })}
            </label>
            <input
              id={inputId}
              value={typed}
              autoComplete="off"
              aria-invalid={mismatch && !matches}
              aria-describedby={mismatch && !matches ? `${inputId}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {mismatch && !matches && (
              <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                {t('console.confirm.mismatch', { word: typedWord })}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={busy} aria-disabled={!matches}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  )
}
