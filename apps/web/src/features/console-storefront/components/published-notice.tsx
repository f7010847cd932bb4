import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Published } from '../api/storefront-publish'
import { ChangeList } from './change-list'

/** "Publicado: versión N", and what changed in it; it takes the focus, as the button that opened it is gone. */
export function PublishedNotice({ result, onClose }: { result: Published; onClose: () => void }) {
  const { t } = useTranslation()
  const box = useRef<HTMLElement>(null)
  useEffect(() => box.current?.focus(), [result])
  return (
    <section
      ref={box}
      tabIndex={-1}
      aria-labelledby="storefront-published-title"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id="storefront-published-title" className="text-base font-semibold">
          {t('consoleStorefront.publish.done', { version: result.version })}
        </h3>
        <button type="button" onClick={onClose} className="min-h-9 rounded-lg px-3 font-medium underline">
          {t('console.common.dismiss')}
        </button>
      </div>
      {result.changed.length > 0 ? (
        <>
          <p className="mt-1">{t('consoleStorefront.publish.changed', { count: result.changed.length })}</p>
          <ChangeList paths={result.changed} />
        </>
      ) : (
        <p className="mt-1">{t('consoleStorefront.publish.nothingChanged')}</p>
      )}
    </section>
  )
}
