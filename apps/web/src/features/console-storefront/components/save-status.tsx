import { useTranslation } from 'react-i18next'
import type { SaveState } from '../hooks'

const TONES: Record<SaveState, string> = {
  published: 'text-slate-700',
  saved: 'text-emerald-800',
  saving: 'text-slate-700',
  unsaved: 'text-amber-800',
  invalid: 'text-red-700',
  failed: 'text-red-700',
  conflict: 'text-red-700',
}

/** Where the edits are, said politely as it changes: saved, saving, not saved and why. */
export function SaveStatus({
  state,
  savedAt,
  problemCount,
  failure,
  publishedVersion,
}: {
  state: SaveState
  savedAt: string | null
  problemCount: number
  failure: string
  publishedVersion: number
}) {
  const { t, i18n } = useTranslation()
  const time = savedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(savedAt),
      )
    : ''
  const text = {
    published: t('consoleStorefront.status.published', { version: publishedVersion }),
    saved: t('consoleStorefront.status.saved', { time }),
    saving: t('consoleStorefront.status.saving'),
    unsaved: t('consoleStorefront.status.unsaved'),
    invalid:
      problemCount > 0
        ? t('consoleStorefront.status.invalid', { count: problemCount })
        : t('consoleStorefront.status.failed', { message: failure }),
    failed: t('consoleStorefront.status.failed', { message: failure }),
    conflict: t('consoleStorefront.status.conflict'),
  }[state]
  return (
    <p
      id="storefront-save-status"
      role="status"
      aria-live="polite"
      tabIndex={-1}
      className={`text-sm font-medium ${TONES[state]}`}
    >
      {text}
    </p>
  )
}
