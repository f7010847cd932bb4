import { FaqList } from '../components/ui/faq-list'
import { InfoPage } from '../features/info/components/info-page'
import { usePageTitle, useStorefront } from '../lib/storefront-content'

/** The FAQ page: the owner's introduction, then every question by topic. */
export function FaqRoute() {
  const { pages, faqGroups } = useStorefront()
  usePageTitle('/faq')
  return (
    <InfoPage path="/faq" page={pages.faq}>
      {faqGroups.map((group, index) => (
        <section key={index} aria-labelledby={`faq-group-${index + 1}`} className="mb-10">
          <h2 id={`faq-group-${index + 1}`} className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
            {group.title}
          </h2>
          <FaqList items={group.entries} />
        </section>
      ))}
    </InfoPage>
  )
}
