import { useTranslation } from 'react-i18next'
import { FaqList } from '../components/ui/faq-list'
import { useSupportEmail } from '../features/info/contact'
import { InfoPage } from '../features/info/components/info-page'
import { faqGroups } from '../features/info/faq-groups'
import { useDocumentTitle } from '../lib/use-document-title'

export function FaqRoute() {
  const { t } = useTranslation()
  const email = useSupportEmail()
  const title = t('info.faq.title')
  useDocumentTitle(title)
  return (
    <InfoPage path="/faq" title={title} intro={t('info.faq.intro', { email })} sections={[]}>
      {faqGroups(t, email).map((group) => (
        <section key={group.key} aria-labelledby={`faq-${group.key}-heading`} className="mb-10">
          <h2 id={`faq-${group.key}-heading`} className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
            {group.title}
          </h2>
          <FaqList items={group.items} />
        </section>
      ))}
    </InfoPage>
  )
}
