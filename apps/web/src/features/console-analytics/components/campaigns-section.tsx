import { useTranslation } from 'react-i18next'
import type { AnalyticsCampaign } from '@pg/shared/analytics'
import { analyticsFormats, formatRevenue } from '../model/analytics-format'
import { BarList } from './bar-list'
import { ChartSection } from './chart-section'
import { DataTable } from './data-table'

/** Each `utm_campaign`'s own funnel: views, buy clicks, paid orders, first sign-ins and revenue. */
export function CampaignsSection({ campaigns }: { campaigns: AnalyticsCampaign[] }) {
  const { t, i18n } = useTranslation()
  const formats = analyticsFormats(i18n.language)
  const first = campaigns[0]
  return (
    <ChartSection
      title={t('consoleAnalytics.campaigns.title')}
      summary={
        first
          ? t('consoleAnalytics.campaigns.summary', {
              count: campaigns.length,
              campaign: first.campaign,
              views: formats.number(first.landingViews),
              paidOrders: formats.number(first.paidOrders),
            })
          : ''
      }
      empty={first ? null : t('consoleAnalytics.campaigns.empty')}
      chart={
        <BarList
          tone="bg-violet-600"
          bars={campaigns.map((campaign) => ({
            key: campaign.campaign,
            label: campaign.campaign,
            value: campaign.landingViews,
            text: t('consoleAnalytics.campaigns.bar', {
              views: formats.number(campaign.landingViews),
              paidOrders: formats.number(campaign.paidOrders),
            }),
          }))}
        />
      }
      table={
        <DataTable
          caption={t('consoleAnalytics.campaigns.caption')}
          columns={[
            t('consoleAnalytics.campaigns.campaign'),
            t('consoleAnalytics.funnel.steps.landingViews'),
            t('consoleAnalytics.funnel.steps.buyClicks'),
            t('consoleAnalytics.funnel.steps.paidOrders'),
            t('consoleAnalytics.funnel.steps.firstSignIns'),
            t('consoleAnalytics.revenue'),
          ]}
          rows={campaigns.map((campaign) => ({
            key: campaign.campaign,
            heading: campaign.campaign,
            cells: [
              ...[campaign.landingViews, campaign.buyClicks, campaign.paidOrders, campaign.firstSignIns].map(
                formats.number,
              ),
              formatRevenue(campaign.revenue, i18n.language) || t('consoleAnalytics.noRevenue'),
            ],
          }))}
        />
      }
    />
  )
}
