import { useTranslation } from 'react-i18next'
import type { AnalyticsFunnel } from '@pg/shared/analytics'
import { analyticsFormats } from '../model/analytics-format'
import { ChartSection } from './chart-section'
import { DataTable } from './data-table'

const STEPS = ['landingViews', 'buyClicks', 'paidOrders', 'firstSignIns'] as const
type Step = (typeof STEPS)[number]
/** The share of the step before that reached each step (none for the first). */
const RATES: Record<Step, keyof AnalyticsFunnel | null> = {
  landingViews: null,
  buyClicks: 'buyClickRate',
  paidOrders: 'paymentRate',
  firstSignIns: 'signInRate',
}

/** Landing views → buy clicks → paid orders → first sign-ins, each with the share of the step before. */
export function FunnelSection({ funnel }: { funnel: AnalyticsFunnel }) {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const rateOf = (step: Step) => {
    const key = RATES[step]
    const rate = key === null ? null : funnel[key]
    return typeof rate === 'number' ? formats.percent(rate) : null
  }
  const share = (step: Step, key: 'buyClickShare' | 'paymentShare' | 'signInShare') => {
    const rate = rateOf(step)
    return rate === null ? '' : t(`consoleAnalytics.funnel.${key}`, { rate })
  }
  const most = Math.max(1, ...STEPS.map((step) => funnel[step]))
  const summary = t('consoleAnalytics.funnel.summary', {
    views: formats.number(funnel.landingViews),
    buyClicks: formats.number(funnel.buyClicks),
    buyClickShare: share('buyClicks', 'buyClickShare'),
    paidOrders: formats.number(funnel.paidOrders),
    paymentShare: share('paidOrders', 'paymentShare'),
    firstSignIns: formats.number(funnel.firstSignIns),
    signInShare: share('firstSignIns', 'signInShare'),
  })
  /** A dash to see, and words to hear, where a share cannot be worked out (nothing the step before). */
  const noRate = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('consoleAnalytics.funnel.noRate')}</span>
    </>
  )
  return (
    <ChartSection
      title={t('consoleAnalytics.funnel.title')}
      summary={summary}
      empty={STEPS.every((step) => funnel[step] === 0) ? t('consoleAnalytics.funnel.empty') : null}
      chart={
        <ol className="space-y-3">
          {STEPS.map((step) => (
            <li key={step}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-slate-800">{t(`consoleAnalytics.funnel.steps.${step}`)}</span>
                <span className="shrink-0 text-slate-700 tabular-nums">
                  {formats.number(funnel[step])}
                  {rateOf(step) !== null && (
                    <span className="ml-2 text-xs text-slate-600">
                      {t('consoleAnalytics.funnel.ofBefore', { rate: rateOf(step) })}
                    </span>
                  )}
                </span>
              </div>
              <div className="mt-1 h-4 rounded bg-slate-100">
                <div
                  className="h-4 rounded bg-emerald-600"
                  style={{ width: `${funnel[step] === 0 ? 0 : Math.max(1.5, (funnel[step] / most) * 100)}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      }
      table={
        <DataTable
          caption={t('consoleAnalytics.funnel.caption')}
          columns={[
            t('consoleAnalytics.funnel.step'),
            t('consoleAnalytics.funnel.count'),
            t('consoleAnalytics.funnel.rate'),
          ]}
          rows={STEPS.map((step) => ({
            key: step,
            heading: t(`consoleAnalytics.funnel.steps.${step}`),
            cells: [formats.number(funnel[step]), RATES[step] ? (rateOf(step) ?? noRate) : ''],
          }))}
        />
      }
    />
  )
}
