import { useTranslation } from 'react-i18next'
import { BADGE_ICONS, STOREFRONT_LIMITS, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { ChoiceField, LocalizedField } from './fields'
import { Group } from './section-frame'
import { emptyText, TextListEditor, TitledListEditor } from './text-lists'

/** The landing page after the offer: features, benefits, trust badges and the final call to action. */
export function LandingMore({ landing }: { landing: Bound<StorefrontContent['landing']> }) {
  const { t } = useTranslation()
  const features = part(landing, 'features')
  const benefits = part(landing, 'benefits')
  const trust = part(landing, 'trust')
  const finalCta = part(landing, 'finalCta')
  const icons = BADGE_ICONS.map((icon) => ({ value: icon, label: t(`consoleStorefront.icons.${icon}`) }))
  return (
    <>
      <Group legend={t('consoleStorefront.labels.features')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(features, 'heading')} />
        <TitledListEditor
          legend={t('consoleStorefront.labels.items')}
          bound={part(features, 'items')}
          itemName={(number) => t('consoleStorefront.items.feature', { number })}
          addLabel={t('consoleStorefront.add.feature')}
          newItem={() => ({ title: emptyText(), description: emptyText() })}
          titleLabel={t('consoleStorefront.labels.title')}
          descriptionLabel={t('consoleStorefront.labels.description')}
          max={12}
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.benefits')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(benefits, 'heading')} />
        <TextListEditor
          legend={t('consoleStorefront.labels.items')}
          bound={part(benefits, 'items')}
          itemName={(number) => t('consoleStorefront.items.benefit', { number })}
          addLabel={t('consoleStorefront.add.benefit')}
          max={STOREFRONT_LIMITS.listItems}
          rows={2}
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.trust')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(trust, 'heading')} />
        <TitledListEditor
          legend={t('consoleStorefront.labels.badges')}
          bound={part(trust, 'badges')}
          itemName={(number) => t('consoleStorefront.items.badge', { number })}
          addLabel={t('consoleStorefront.add.badge')}
          newItem={() => ({ icon: 'secure' as const, title: emptyText(), description: emptyText() })}
          titleLabel={t('consoleStorefront.labels.title')}
          descriptionLabel={t('consoleStorefront.labels.description')}
          max={STOREFRONT_LIMITS.badges}
          extra={(badge) => (
            <div className="max-w-xs">
              <ChoiceField
                label={t('consoleStorefront.labels.icon')}
                bound={part(badge, 'icon')}
                choices={icons}
              />
            </div>
          )}
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.finalCta')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(finalCta, 'heading')} />
        <LocalizedField
          label={t('consoleStorefront.labels.text')}
          bound={part(finalCta, 'text')}
          rows={2}
          optional
        />
      </Group>
    </>
  )
}
