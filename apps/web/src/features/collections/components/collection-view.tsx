import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import type { MemberCollection } from '../api/collection-document'
import { useUpdateCollection } from '../api/change-collections'
import { useCollection } from '../api/get-collection'
import { useLiveCollection } from '../api/live-collections'
import { failureText } from '../collection-failure'
import { CollectionEditingContext, type CollectionEditing } from './collection-editing'
import { copyCollectionLink } from './copy-link'
import { StatusLine } from './status-line'
import { useFocusAfterMove } from './use-focus-after-move'

/**
 * One collection at `/collections?id=…` (its id, or its share id): its name and whether it is shared, then
 * its projects (drawn by the page: the gallery's cards). Its owner moves and removes projects; another
 * member of a shared one only looks (their view names no owner, so "own" is the member's id as `ownerId`).
 * A collection that is gone or private again is said in words.
 */
export function CollectionView({
  id,
  memberId,
  renderProjects,
}: {
  id: string
  memberId: string
  renderProjects: (collection: MemberCollection, editable: boolean) => ReactNode
}) {
  const { t } = useTranslation()
  const query = useCollection(id)
  const { mutate: update } = useUpdateCollection(memberId)
  const [status, setStatus] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const collection = query.data
  const own = collection?.ownerId === memberId
  const focusAfterMove = useFocusAfterMove(collection?.projectIds ?? [])
  // What the owner of another member's shared collection just did, said in a region always on the page.
  const [ownerChange, setOwnerChange] = useState<'update' | 'delete' | null>(null)
  useLiveCollection(id, collection, memberId, setOwnerChange)
  const ownerChangeLine = (
    <p role="status" className="sr-only">
      {ownerChange === 'update'
        ? t('collections.page.changedByOwner')
        : ownerChange === 'delete'
          ? t('collections.page.notFoundTitle')
          : ''}
    </p>
  )
  useEffect(() => {
    if (query.error) console.error('Collection load error', query.error)
  }, [query.error])

  const editing = useMemo((): CollectionEditing | null => {
    if (!collection || !own) return null
    const { projectIds } = collection
    const change = (next: string[], said: string) => {
      setFailure(null)
      setStatus(said)
      update(
        { id: collection.id, data: { projectIds: next } },
        { onError: (error) => setFailure(failureText(error, t('collections.errors.failed'))) },
      )
    }
    return {
      projectIds,
      move: (projectId, title, direction) => {
        const index = projectIds.indexOf(projectId)
        const other = direction === 'up' ? index - 1 : index + 1
        const neighbour = projectIds[other]
        if (index < 0 || neighbour === undefined) return
        const next = [...projectIds]
        next[other] = projectId
        next[index] = neighbour
        focusAfterMove(projectId, direction, other)
        change(next, t('collections.project.moved', { title, position: other + 1, count: next.length }))
      },
      remove: (projectId, title) => {
        change(
          projectIds.filter((one) => one !== projectId),
          t('collections.project.removed', { title }),
        )
        // Its card is gone: the keyboard starts again from the collection's name.
        heading.current?.focus()
      },
    }
  }, [collection, own, update, t, focusAfterMove])

  if (query.isPending) return <Spinner label={t('collections.page.loading')} />
  if (query.isError)
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p role="alert" className="text-red-700">
          {t('collections.page.loadFailed')}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('collections.retry')}
        </Button>
      </div>
    )
  // The line stays the same node (last) from the collection to "not found", so its news is read out.
  if (!collection)
    return (
      <>
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <h2 className="text-xl font-bold text-slate-900">{t('collections.page.notFoundTitle')}</h2>
          <p className="mt-2 text-slate-700">{t('collections.page.notFound')}</p>
        </div>
        {ownerChangeLine}
      </>
    )

  // Its owner copies its link once the server has made it.
  const shareId = own ? collection.shareId : null
  return (
    <>
      <CollectionEditingContext value={editing}>
        <section aria-labelledby="collection-name" className="space-y-6">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-3">
              <h2
                id="collection-name"
                ref={heading}
                tabIndex={-1}
                className="text-xl font-bold tracking-tight break-words text-slate-900 focus:outline-none"
              >
                {collection.name}
              </h2>
              {(collection.shared || !own) && (
                <span className="rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                  {t('collections.page.sharedBadge')}
                </span>
              )}
              <span className="text-sm text-slate-600">
                {t('collections.count', { count: collection.projectIds.length })}
              </span>
            </div>
            <p className="text-sm text-slate-600">
              {!own
                ? t('collections.page.readOnly')
                : collection.shared
                  ? t('collections.page.ownShared')
                  : t('collections.page.ownPrivate')}
            </p>
            {shareId && (
              <Button
                variant="secondary"
                onClick={async () => {
                  const { copied, link } = await copyCollectionLink(shareId)
                  setStatus(
                    copied
                      ? t('collections.share.copied', { name: collection.name })
                      : t('collections.share.copyFailed', { link }),
                  )
                }}
              >
                {t('collections.share.copy')}
              </Button>
            )}
            <StatusLine text={status} />
            {failure && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {failure}
              </p>
            )}
          </div>
          {renderProjects(collection, own)}
        </section>
      </CollectionEditingContext>
      {ownerChangeLine}
    </>
  )
}
