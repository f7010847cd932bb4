import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/console/confirm-dialog'
import { LoadState } from '../../../components/console/console-page'
import { ConsoleTable } from '../../../components/console/console-table'
import { useNotify } from '../../../components/console/notice'
import { consoleErrorText } from '../../../lib/console/console-error'
import { useSearchSynonyms, useSynonymChanges, type SearchSynonym } from '../api/search-synonyms-api'
import { AddSynonymForm } from './add-synonym-form'
import { SynonymPreview } from './synonym-preview'

/**
 * The catalogue's search synonyms (issue 34, decision 067): the list, a form to add one (one side, the
 * other side), removal after a confirmation, and a preview of what a query finds with and without them.
 */
export function SearchSynonymsPanel() {
  const { t } = useTranslation()
  const notify = useNotify()
  const headingId = useId()
  const list = useSearchSynonyms()
  const { remove } = useSynonymChanges()
  const [removing, setRemoving] = useState<SearchSynonym | null>(null)
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('consoleSynonyms.heading')}
      </h3>
      <p className="max-w-prose text-sm text-slate-700">{t('consoleSynonyms.intro')}</p>
      <AddSynonymForm />
      {list.data ? (
        <ConsoleTable
          caption={t('consoleSynonyms.caption', { count: list.data.total, limit: list.data.limit })}
          columns={[
            { label: t('consoleSynonyms.columns.oneSide') },
            { label: t('consoleSynonyms.columns.otherSide') },
            { label: t('console.common.actions'), hidden: true },
          ]}
          items={list.data.synonyms}
          empty={t('consoleSynonyms.none')}
          tall
          row={(synonym) => (
            <tr key={synonym.$id}>
              <th scope="row" className="px-4 py-2 text-left font-medium text-slate-900">
                {synonym.oneSide}
              </th>
              <td className="px-4 py-2 text-slate-800">{synonym.otherSide}</td>
              <td className="px-4 py-2">
                <div className="flex justify-end">
                  <button
                    type="button"
                    className="min-h-8 rounded-md px-2 font-medium text-red-700 hover:bg-red-50"
                    onClick={() => setRemoving(synonym)}
                    aria-label={t('consoleSynonyms.removeNamed', synonym)}
                  >
                    {t('consoleSynonyms.remove')}
                  </button>
                </div>
              </td>
            </tr>
          )}
        />
      ) : (
        <LoadState query={list} />
      )}
      <SynonymPreview />
      {removing && (
        <ConfirmDialog
          title={t('consoleSynonyms.removeTitle')}
          confirmLabel={t('consoleSynonyms.remove')}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.$id)
              notify('success', t('consoleSynonyms.removed', removing))
            } catch (error) {
              notify('error', consoleErrorText(error, t))
            }
          }}
        >
          {t('consoleSynonyms.removeText', removing)}
        </ConfirmDialog>
      )}
    </section>
  )
}
