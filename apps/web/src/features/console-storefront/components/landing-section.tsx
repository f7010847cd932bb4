import { useTranslation } from 'react-i18next'
import { STOREFRONT_LIMITS, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { LocalizedField } from './fields'
import { LandingMore } from './landing-more'
import { Group, SectionFrame } from './section-frame'
import { emptyText, TextListEditor, TitledListEditor } from './text-lists'

/** The pack's page, from the hero to the final call: every section but the offer, carousel and FAQ. */
export function LandingSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const landing = part(bound, 'landing')
  const hero = part(landing, 'hero')
  const problem = part(landing, 'problem')
  const solution = part(landing, 'solution')
  return (
    <SectionFrame
      title={t('consoleStorefront.sections.landing')}
      intro={t('consoleStorefront.intros.landing')}
    >
      <Group legend={t('consoleStorefront.labels.hero')}>
        <LocalizedField
          label={t('consoleStorefront.labels.eyebrow')}
          bound={part(hero, 'eyebrow')}
          optional
        />
        <LocalizedField label={t('consoleStorefront.labels.title')} bound={part(hero, 'title')} rows={2} />
        <LocalizedField
          label={t('consoleStorefront.labels.subtitle')}
          bound={part(hero, 'subtitle')}
          rows={3}
        />
        <TextListEditor
          legend={t('consoleStorefront.labels.points')}
          bound={part(hero, 'points')}
          itemName={(number) => t('consoleStorefront.items.point', { number })}
          addLabel={t('consoleStorefront.add.point')}
          max={5}
        />
        <LocalizedField label={t('consoleStorefront.labels.secondary')} bound={part(hero, 'secondary')} />
        <LocalizedField
          label={t('consoleStorefront.labels.buyLabel')}
          bound={part(landing, 'buyLabel')}
          hint={t('consoleStorefront.hints.buyLabel')}
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.problem')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(problem, 'heading')} />
        <LocalizedField
          label={t('consoleStorefront.labels.intro')}
          bound={part(problem, 'intro')}
          rows={2}
          optional
        />
        <TextListEditor
          legend={t('consoleStorefront.labels.points')}
          bound={part(problem, 'points')}
          itemName={(number) => t('consoleStorefront.items.point', { number })}
          addLabel={t('consoleStorefront.add.point')}
          max={STOREFRONT_LIMITS.listItems}
          rows={2}
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.solution')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(solution, 'heading')} />
        <LocalizedField
          label={t('consoleStorefront.labels.intro')}
          bound={part(solution, 'intro')}
          rows={2}
          optional
        />
        <TitledListEditor
          legend={t('consoleStorefront.labels.steps')}
          bound={part(solution, 'steps')}
          itemName={(number) => t('consoleStorefront.items.step', { number })}
          addLabel={t('consoleStorefront.add.step')}
          newItem={() => ({ title: emptyText(), description: emptyText() })}
          titleLabel={t('consoleStorefront.labels.title')}
          descriptionLabel={t('consoleStorefront.labels.description')}
          max={6}
        />
      </Group>
      <LandingMore landing={landing} />
    </SectionFrame>
  )
}
