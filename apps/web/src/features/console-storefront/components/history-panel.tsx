import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadState } from '../../../components/console/console-page'
import { ConsoleTable } from '../../../components/console/console-table'
import { FormDialog } from '../../../components/console/form-dialog'
import { Pager } from '../../../components/console/pager'
import { Button } from '../../../components/ui/button'
import type { StorefrontActor } from '../api/storefront-state'
import { useVersions, VERSIONS_PER_PAGE, type StorefrontVersion } from '../api/storefront-versions'
import { changesLine } from './change-list'

/** How a version came to be, in the console's words; a source newer than these is shown as it is. */
function sourceText(version: StorefrontVersion, t: TFunction): string {
  if (version.restoredFrom !== null)
    return t('consoleStorefront.history.restoredFrom', { version: version.restoredFrom })
  switch (version.source) {
    case 'publish':
    case 'restore':
      return t('consoleStorefront.history.sources.publish')
    case 'import':
      return t('consoleStorefront.history.sources.import')
    case 'default':
      return t('consoleStorefront.history.sources.original')
    default:
      return version.source
  }
}

/** Who made a version: the admin's email, the admin CLI, or the store itself (version 1). */
function actorText(actor: StorefrontActor, t: TFunction): string {
  if (actor === null) return t('consoleStorefront.history.theStore')
  return actor.source === 'console' ? actor.email : t('consoleStorefront.history.cli')
}

/** "Historial": every version, newest first, and "Restaurar" on any but the one published now. */
export function HistoryPanel({
  publishedVersion,
  onRestore,
}: {
  publishedVersion: number
  onRestore: (version: number) => Promise<boolean>
}) {
  const { t, i18n } = useTranslation()
  const [offset, setOffset] = useState(0)
  const [restoring, setRestoring] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const versions = useVersions(offset)
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section aria-labelledby="storefront-history-title" className="space-y-4">
      <div>
        <h3 id="storefront-history-title" className="text-lg font-bold text-slate-900">
          {t('consoleStorefront.sections.history')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t('consoleStorefront.intros.history')}</p>
      </div>
      {versions.data ? (
        <>
          <ConsoleTable
            caption={t('consoleStorefront.history.caption', { count: versions.data.total })}
            columns={[
              { label: t('consoleStorefront.history.columns.version') },
              { label: t('consoleStorefront.history.columns.when') },
              { label: t('consoleStorefront.history.columns.who') },
              { label: t('consoleStorefront.history.columns.changed') },
              { label: t('consoleStorefront.history.columns.source') },
              { label: t('console.common.actions'), hidden: true },
            ]}
            items={versions.data.versions}
            busy={versions.isPlaceholderData}
            row={(version) => (
              <tr key={version.version} className="align-top">
                <th scope="row" className="px-4 py-3 font-semibold whitespace-nowrap text-slate-900">
                  {t('consoleStorefront.history.version', { version: version.version })}
                </th>
                <td className="px-4 py-3 whitespace-nowrap">{dates.format(new Date(version.createdAt))}</td>
                <td className="px-4 py-3 whitespace-nowrap">{actorText(version.actor, t)}</td>
                <td className="min-w-64 px-4 py-3">{changesLine(version.changed, t)}</td>
                <td className="px-4 py-3">{sourceText(version, t)}</td>
                <td className="px-4 py-3 text-right">
                  {version.version === publishedVersion ? (
                    <span className="text-slate-600">{t('consoleStorefront.history.current')}</span>
                  ) : (
                    <Button variant="secondary" onClick={() => setRestoring(version.version)}>
                      {t('consoleStorefront.history.restore')}
                      <span className="sr-only">
                        {' '}
                        {t('consoleStorefront.history.version', { version: version.version })}
                      </span>
                    </Button>
                  )}
                </td>
              </tr>
            )}
          />
          <Pager
            offset={offset}
            limit={VERSIONS_PER_PAGE}
            total={versions.data.total}
            onOffset={setOffset}
            label={t('consoleStorefront.history.pages')}
          />
        </>
      ) : (
        <LoadState query={versions} />
      )}
      {restoring !== null && (
        <FormDialog
          title={t('consoleStorefront.history.confirmTitle', { version: restoring })}
          text={t('consoleStorefront.history.confirmText', {
            version: restoring,
            next: publishedVersion + 1,
          })}
          submitLabel={t('consoleStorefront.history.restore')}
          busy={busy}
          onSubmit={() => {
            setBusy(true)
            void onRestore(restoring).then((done) => {
              setBusy(false)
              if (done) {
                setRestoring(null)
                setOffset(0)
              }
            })
          }}
          onClose={() => setRestoring(null)}
        />
      )}
    </section>
  )
}
