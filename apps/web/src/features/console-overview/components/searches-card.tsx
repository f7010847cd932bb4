import { useTranslation } from 'react-i18next'
import type { Overview } from '../api/overview-api'
import { OverviewCard } from './overview-card'

/**
 * What members searched for in the gallery and did not find, most searched first: a hint of what the
 * catalogue lacks. Who searched is never kept (decision 044); `others` were counted without their term,
 * on days that already kept their most terms (decision 058).
 */
export function SearchesCard({
  searches,
  others,
}: {
  searches: Overview['searchesWithoutResults']
  others: number
}) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <OverviewCard title={t('consoleOverview.searches.title')}>
      <p className="text-sm text-slate-600">{t('consoleOverview.searches.description')}</p>
      {searches.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('consoleOverview.searches.none')}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">{t('consoleOverview.searches.caption')}</caption>
            <thead className="text-left text-slate-700">
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('consoleOverview.searches.term')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('consoleOverview.searches.count')}
                </th>
                <th scope="col" className="py-2 pl-3 font-semibold">
                  {t('consoleOverview.searches.last')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {searches.map((search) => (
                <tr key={search.term}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium wrap-anywhere text-slate-900">
                    {search.term}
                  </th>
                  <td className="px-3 py-2 text-right text-slate-900 tabular-nums">
                    {number.format(search.count)}
                  </td>
                  <td className="py-2 pl-3 whitespace-nowrap text-slate-700">
                    {dates.format(new Date(search.lastSearchedAt))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {others > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {t('consoleOverview.searches.others', { count: others })}
        </p>
      )}
    </OverviewCard>
  )
}
