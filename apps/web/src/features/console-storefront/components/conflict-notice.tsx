import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import type { Conflict } from '../hooks'
import { ChangeList } from './change-list'

/**
 * Someone else saved the draft since this page read it: which fields differ, and the owner's two
 * choices, each saying what it costs. Nothing is saved until one is chosen.
 */
export function ConflictNotice({
  conflict,
  onLoadTheirs,
  onKeepMine,
}: {
  conflict: Conflict
  onLoadTheirs: () => void
  onKeepMine: () => Promise<unknown>
}) {
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(conflict.draft.updatedAt),
  )
  const who = conflict.draft.updatedBy ?? t('consoleStorefront.someone')
  return (
    <section
      role="alert"
      aria-labelledby="storefront-conflict-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="storefront-conflict-title" className="text-base font-semibold">
        {t('consoleStorefront.conflict.title')}
      </h3>
      <p className="mt-1">
        {conflict.gone
          ? t('consoleStorefront.conflict.gone')
          : t('consoleStorefront.conflict.who', { who, when })}
      </p>
      {conflict.paths.length > 0 && (
        <>
          <p className="mt-2 font-medium">
            {t('consoleStorefront.conflict.fields', { count: conflict.paths.length })}
          </p>
          <ChangeList paths={conflict.paths} />
        </>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <Button variant="secondary" disabled={busy} onClick={onLoadTheirs}>
            {conflict.gone
              ? t('consoleStorefront.conflict.loadPublished')
              : t('consoleStorefront.conflict.loadTheirs')}
          </Button>
          <p className="mt-1">{t('consoleStorefront.conflict.loadTheirsCost')}</p>
        </div>
        <div>
          <Button
            disabled={busy}
            onClick={() => {
              setBusy(true)
              void onKeepMine().finally(() => setBusy(false))
            }}
          >
            {t('consoleStorefront.conflict.keepMine')}
          </Button>
          <p className="mt-1">{t('consoleStorefront.conflict.keepMineCost')}</p>
        </div>
      </div>
    </section>
  )
}
