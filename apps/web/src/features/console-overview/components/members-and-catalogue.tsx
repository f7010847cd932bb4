import { useTranslation } from 'react-i18next'
import type { Overview } from '../api/overview-api'
import { Figures, OverviewCard } from './overview-card'

/** Members by status and live sessions. */
export function MembersCard({ members }: { members: Overview['members'] }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <OverviewCard title={t('consoleOverview.members.title')}>
      <Figures
        items={[
          { label: t('consoleOverview.members.active'), value: number.format(members.active) },
          { label: t('consoleOverview.members.liveSessions'), value: number.format(members.liveSessions) },
          {
            label: t('consoleOverview.members.disabled'),
            value: number.format(members.disabled),
            muted: members.disabled === 0,
          },
          {
            label: t('consoleOverview.members.blocked'),
            value: number.format(members.blocked),
            muted: members.blocked === 0,
          },
        ]}
      />
    </OverviewCard>
  )
}

/** The catalogue's counts, as `catalog stats` gives them. */
export function CatalogueCard({ catalogue }: { catalogue: Overview['catalogue'] }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <OverviewCard title={t('consoleOverview.catalogue.title')}>
      <Figures
        items={[
          { label: t('consoleOverview.catalogue.projects'), value: number.format(catalogue.projects) },
          { label: t('consoleOverview.catalogue.categories'), value: number.format(catalogue.categories) },
          { label: t('consoleOverview.catalogue.tags'), value: number.format(catalogue.tags) },
          {
            label: t('consoleOverview.catalogue.uncategorized'),
            value: number.format(catalogue.uncategorizedProjects),
            muted: catalogue.uncategorizedProjects === 0,
          },
        ]}
      />
    </OverviewCard>
  )
}
