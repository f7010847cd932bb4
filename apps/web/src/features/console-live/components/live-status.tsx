import { useTranslation } from 'react-i18next'
import { useLiveState, type LiveState } from '../../../lib/realtime'

const dots: Record<LiveState, string> = {
  live: 'bg-emerald-500',
  connecting: 'bg-slate-400',
  lost: 'bg-amber-500',
}

/**
 * Whether what the console shows is kept current: "Live", or, while the connection is down, that the
 * figures may be behind (they are read again when it comes back).
 */
export function LiveStatus() {
  const { t } = useTranslation()
  const state = useLiveState()
  return (
    <p className="inline-flex min-h-10 items-center gap-2 text-sm text-slate-700" data-live={state}>
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dots[state]}`} />
      <span className="sr-only">{t('consoleLive.stateLabel')} </span>
      <span>{t(`consoleLive.state.${state}`)}</span>
    </p>
  )
}
