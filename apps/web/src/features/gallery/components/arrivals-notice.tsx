import { useTranslation } from 'react-i18next'
import { useLiveState } from '../../../lib/realtime'

/**
 * "3 proyectos nuevos — ver" (issue 45): projects the owner added while the list was open, shown only
 * when the member asks. A polite live region that is always in the page, so screen readers hear the
 * notice when it appears. Its place between the filters and the grid is kept empty until then, so nothing
 * moves when it appears; scrolled down the list, it stays at the top of the window (sticky).
 * While the live connection is down it says so: arrivals are not being counted then.
 */
export function ArrivalsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  const { t } = useTranslation()
  const live = useLiveState()
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none sticky top-18 z-30 -mt-8 flex h-10 items-center justify-center"
    >
      {count > 0 ? (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto rounded-full bg-blue-700 px-5 py-2 text-sm font-semibold text-white shadow-lg ring-1 ring-blue-800 hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t('gallery.arrivals', { count })}
        </button>
      ) : live === 'lost' ? (
        <p className="pointer-events-auto rounded-full bg-amber-50 px-4 py-1.5 text-sm text-amber-900 shadow ring-1 ring-amber-200">
          {t('gallery.liveLost')}
        </p>
      ) : null}
    </div>
  )
}
