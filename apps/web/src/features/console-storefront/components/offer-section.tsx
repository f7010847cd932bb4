import { useTranslation } from 'react-i18next'
import { STOREFRONT_LIMITS, type StorefrontContent } from '@pg/shared/storefront/content'
import { part, type Bound } from '../model/bound'
import { LocalizedField } from './fields'
import { ListEditor } from './list-editor'
import { PriceFields } from './price-fields'
import { Group, SectionFrame } from './section-frame'
import { emptyText, TextListEditor } from './text-lists'

/** The offer: what is sold, its price, what it includes and the bonuses that come with it. */
export function OfferSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const offer = part(part(bound, 'landing'), 'offer')
  const label = (key: 'title' | 'intro' | 'productName' | 'productDescription' | 'priceNote' | 'summary') =>
    t(`consoleStorefront.labels.${key}`)
  return (
    <SectionFrame title={t('consoleStorefront.sections.offer')} intro={t('consoleStorefront.intros.offer')}>
      <Group legend={t('consoleStorefront.groups.product')}>
        <LocalizedField label={label('title')} bound={part(offer, 'title')} />
        <LocalizedField label={label('intro')} bound={part(offer, 'intro')} rows={2} optional />
        <LocalizedField label={label('productName')} bound={part(offer, 'productName')} />
        <LocalizedField
          label={label('productDescription')}
          bound={part(offer, 'productDescription')}
          rows={2}
          optional
        />
      </Group>
      <Group legend={t('consoleStorefront.labels.price')}>
        <PriceFields bound={part(offer, 'price')} />
        <LocalizedField label={label('priceNote')} bound={part(offer, 'priceNote')} optional />
        <LocalizedField
          label={label('summary')}
          bound={part(offer, 'summary')}
          rows={2}
          optional
          hint={t('consoleStorefront.hints.priceToken')}
        />
      </Group>
      <Group legend={t('consoleStorefront.groups.included')}>
        <TextListEditor
          legend={t('consoleStorefront.labels.items')}
          bound={part(offer, 'items')}
          itemName={(number) => t('consoleStorefront.items.included', { number })}
          addLabel={t('consoleStorefront.add.included')}
          max={STOREFRONT_LIMITS.listItems}
        />
        <LocalizedField
          label={t('consoleStorefront.labels.bonusLabel')}
          bound={part(offer, 'bonusLabel')}
          optional
        />
        <ListEditor
          legend={t('consoleStorefront.labels.bonuses')}
          bound={part(offer, 'bonuses')}
          itemName={(number) => t('consoleStorefront.items.bonus', { number })}
          addLabel={t('consoleStorefront.add.bonus')}
          newItem={() => ({ name: emptyText(), value: emptyText(), description: emptyText() })}
          max={STOREFRONT_LIMITS.bonuses}
        >
          {(bonus) => (
            <>
              <LocalizedField label={t('consoleStorefront.labels.name')} bound={part(bonus, 'name')} />
              <LocalizedField
                label={t('consoleStorefront.labels.value')}
                bound={part(bonus, 'value')}
                optional
                hint={t('consoleStorefront.hints.bonusValue')}
              />
              <LocalizedField
                label={t('consoleStorefront.labels.description')}
                bound={part(bonus, 'description')}
                rows={2}
                optional
              />
            </>
          )}
        </ListEditor>
      </Group>
      <Group legend={t('consoleStorefront.groups.refund')}>
        <LocalizedField
          label={t('consoleStorefront.labels.refundNote')}
          bound={part(offer, 'refundNote')}
          rows={2}
          optional
        />
        <LocalizedField
          label={t('consoleStorefront.labels.refundLink')}
          bound={part(offer, 'refundLink')}
          optional
        />
      </Group>
    </SectionFrame>
  )
}
