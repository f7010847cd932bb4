import { useTranslation } from 'react-i18next'
import { STOREFRONT_LIMITS, type StorefrontContent } from '@pg/shared/storefront/content'
import { fieldId, part, type Bound } from '../model/bound'
import { LocalizedField } from './fields'
import { ListEditor } from './list-editor'
import { Group, SectionFrame } from './section-frame'
import { emptyText } from './text-lists'

/** One checkbox, its label beside it. */
function Checkbox({ label, bound }: { label: string; bound: Bound<boolean> }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={fieldId(bound.path)}
        type="checkbox"
        checked={bound.value}
        onChange={(event) => bound.onChange(event.target.checked)}
        className="size-5 rounded border-slate-400"
      />
      <label htmlFor={fieldId(bound.path)} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  )
}

/** The one list of questions: the FAQ page shows them all by topic, the pack's page those marked. */
export function FaqSection({ bound }: { bound: Bound<StorefrontContent> }) {
  const { t } = useTranslation()
  const landingFaq = part(part(bound, 'landing'), 'faq')
  return (
    <SectionFrame title={t('consoleStorefront.sections.faq')} intro={t('consoleStorefront.intros.faq')}>
      <Group legend={t('consoleStorefront.groups.landingFaq')}>
        <LocalizedField label={t('consoleStorefront.labels.heading')} bound={part(landingFaq, 'heading')} />
        <LocalizedField label={t('consoleStorefront.labels.more')} bound={part(landingFaq, 'more')} />
      </Group>
      <ListEditor
        legend={t('consoleStorefront.groups.questions')}
        hint={t('consoleStorefront.hints.faq')}
        bound={part(bound, 'faq')}
        itemName={(number) => t('consoleStorefront.items.question', { number })}
        addLabel={t('consoleStorefront.add.question')}
        newItem={() => ({ question: emptyText(), answer: emptyText(), group: emptyText(), onLanding: false })}
        max={STOREFRONT_LIMITS.faqEntries}
      >
        {(entry) => (
          <>
            <LocalizedField label={t('consoleStorefront.labels.question')} bound={part(entry, 'question')} />
            <LocalizedField
              label={t('consoleStorefront.labels.answer')}
              bound={part(entry, 'answer')}
              rows={4}
              hint={t('consoleStorefront.hints.tokens')}
            />
            <LocalizedField label={t('consoleStorefront.labels.group')} bound={part(entry, 'group')} />
            <Checkbox label={t('consoleStorefront.labels.onLanding')} bound={part(entry, 'onLanding')} />
          </>
        )}
      </ListEditor>
    </SectionFrame>
  )
}
