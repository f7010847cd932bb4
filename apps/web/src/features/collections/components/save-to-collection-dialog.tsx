import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Spinner } from '../../../components/ui/spinner'
import { sendMemberEvent } from '../../../lib/analytics-beacon'
import type { MemberCollection } from '../api/collection-document'
import { useUpdateCollection } from '../api/change-collections'
import { useOwnCollections } from '../api/own-collections'
import { failureText } from '../collection-failure'
import { NewCollectionForm } from './new-collection-form'
import { StatusLine } from './status-line'

/** The member's collections as checkboxes for one project (ticked: in it), and a new one with it. */
export function SaveToCollectionDialog({
  memberId,
  projectId,
  title,
  onClose,
}: {
  memberId: string
  projectId: string
  title: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const collections = useOwnCollections(memberId)
  const update = useUpdateCollection(memberId)
  const [status, setStatus] = useState('')
  const [failure, setFailure] = useState<{ id: string; text: string } | null>(null)
  /**
   * The tick as the member left it, from the click until the server answered: the list's own copy
   * changes a moment later (after the queries in flight are cancelled), and a controlled checkbox that
   * waits for it flips back meanwhile.
   */
  const [ticking, setTicking] = useState<Record<string, boolean>>({})
  const settleTick = (id: string) => setTicking(({ [id]: _settled, ...others }) => others)
  const list = collections.data ?? []
  useEffect(() => {
    if (collections.error) console.error('Collections load error', collections.error)
  }, [collections.error])

  function toggle(collection: MemberCollection, add: boolean) {
    const { id, name, projectIds } = collection
    setFailure(null)
    setTicking((current) => ({ ...current, [id]: add }))
    update.mutate(
      {
        id,
        data: {
          projectIds: add ? [...projectIds, projectId] : projectIds.filter((one) => one !== projectId),
        },
      },
      {
        onSuccess: () => {
          if (add) sendMemberEvent('collection', projectId)
          setStatus(t(add ? 'collections.save.added' : 'collections.save.removed', { name }))
        },
        onError: (error) => {
          setStatus('')
          setFailure({ id, text: failureText(error, t('collections.errors.failed')) })
        },
        onSettled: () => settleTick(id),
      },
    )
  }

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="space-y-5 p-6 sm:p-8">
        <div>
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            {t('collections.save.title')}
          </h2>
          <p className="mt-1 break-words text-slate-600">{t('collections.save.project', { title })}</p>
        </div>
        {collections.isPending ? (
          <Spinner label={t('collections.loading')} />
        ) : collections.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {t('collections.loadFailed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-slate-600">{t('collections.save.none')}</p>
        ) : (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">
              {t('collections.save.listLabel')}
            </legend>
            <ul className="mt-2 max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
              {list.map((collection) => {
                const inputId = `${titleId}-${collection.id}`
                const problem = failure?.id === collection.id ? failure.text : null
                return (
                  <li key={collection.id} className="px-3 py-2">
                    <div className="flex min-h-9 items-center gap-3">
                      <input
                        id={inputId}
                        type="checkbox"
                        checked={ticking[collection.id] ?? collection.projectIds.includes(projectId)}
                        aria-describedby={problem ? `${inputId}-error` : undefined}
                        onChange={(event) => toggle(collection, event.target.checked)}
                        className="size-6 shrink-0 rounded border-slate-300 accent-blue-600"
                      />
                      <label htmlFor={inputId} className="min-w-0 flex-1 break-words text-slate-900">
                        {collection.name}
                        <span className="ml-2 text-sm text-slate-500">
                          {t('collections.count', { count: collection.projectIds.length })}
                        </span>
                      </label>
                    </div>
                    {problem && (
                      <p
                        id={`${inputId}-error`}
                        role="alert"
                        className="mt-1 text-sm font-medium text-red-700"
                      >
                        {problem}
                      </p>
                    )}
                  </li>
                )
              })}
            </ul>
          </fieldset>
        )}
        <StatusLine text={status} />
        <section className="space-y-2 border-t border-slate-200 pt-5">
          <h3 className="text-sm font-semibold text-slate-800">{t('collections.save.newHeading')}</h3>
          <NewCollectionForm
            memberId={memberId}
            projectIds={[projectId]}
            label={t('collections.new.label')}
            submitLabel={t('collections.new.createWith')}
            onCreated={(name) => {
              sendMemberEvent('collection', projectId)
              setStatus(t('collections.save.added', { name }))
            }}
          />
        </section>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('collections.save.done')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  )
}
