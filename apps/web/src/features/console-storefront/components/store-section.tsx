import { useTranslation } from 'react-i18next'
import { SOCIAL_NETWORKS, STOREFRONT_LIMITS, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { ChoiceField, LocalizedField, TextField } from './fields'
import { ListEditor } from './list-editor'
import { Group, SectionFrame } from './section-frame'

type SocialLink = StorefrontContent['store']['socialLinks'][number]

/** The store: its name and tagline, the support address, the footer's holder, the social links. */
export function StoreSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const store = part(bound, 'store')
  const label = (key: 'name' | 'tagline' | 'supportEmail' | 'copyrightHolder') =>
    t(`consoleStorefront.labels.${key}`)
  const networks = SOCIAL_NETWORKS.map((network) => ({
    value: network,
    label: t(`consoleStorefront.networks.${network}`),
  }))
  return (
    <SectionFrame title={t('consoleStorefront.sections.store')} intro={t('consoleStorefront.intros.store')}>
      <Group legend={t('consoleStorefront.groups.identity')}>
        <LocalizedField label={label('name')} bound={part(store, 'name')} />
        <LocalizedField label={label('tagline')} bound={part(store, 'tagline')} rows={2} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label={label('supportEmail')}
            type="email"
            inputMode="email"
            bound={part(store, 'supportEmail')}
            hint={t('consoleStorefront.hints.supportEmail')}
          />
          <TextField
            label={label('copyrightHolder')}
            bound={part(store, 'copyrightHolder')}
            hint={t('consoleStorefront.hints.copyrightHolder')}
          />
        </div>
      </Group>
      <ListEditor
        legend={t('consoleStorefront.labels.socialLinks')}
        hint={t('consoleStorefront.hints.socialLinks')}
        bound={part(store, 'socialLinks')}
        itemName={(number) => t('consoleStorefront.items.socialLink', { number })}
        addLabel={t('consoleStorefront.add.socialLink')}
        newItem={(): SocialLink => ({ network: 'website', url: 'https://' })}
        max={STOREFRONT_LIMITS.socialLinks}
      >
        {(link) => (
          <div className="grid gap-3 md:grid-cols-[14rem_1fr]">
            <ChoiceField
              label={t('consoleStorefront.labels.network')}
              bound={part(link, 'network')}
              choices={networks}
            />
            <TextField
              label={t('consoleStorefront.labels.url')}
              type="url"
              inputMode="url"
              bound={part(link, 'url')}
            />
          </div>
        )}
      </ListEditor>
    </SectionFrame>
  )
}
