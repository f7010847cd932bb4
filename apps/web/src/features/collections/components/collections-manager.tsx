import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import type { MemberCollection } from '../api/collection-document'
import { useDeleteCollection, useReorderCollections, useUpdateCollection } from '../api/change-collections'
import { useLiveOwnCollections } from '../api/live-collections'
import { useOwnCollections } from '../api/own-collections'
import { failureText } from '../collection-failure'
import { CollectionRow } from './collection-row'
import { copyCollectionLink } from './copy-link'
import { DeleteCollectionDialog } from './delete-collection-dialog'
import { NewCollectionForm } from './new-collection-form'
import { StatusLine } from './status-line'
import { useFocusAfterMove } from './use-focus-after-move'

/** The list in its new order after moving one collection a place up or down. */
function moved(list: MemberCollection[], index: number, direction: 'up' | 'down') {
  const other = direction === 'up' ? index - 1 : index + 1
  const one = list[index]
  const neighbour = list[other]
  if (!one || !neighbour) return null
  const next = [...list]
  next[index] = neighbour
  next[other] = one
  return next
}

/**
 * "My collections" (issue 32): the member's collections in their order, each renamed, moved, shared or
 * made private, its link copied, or deleted after asking; and a field to create one.
 */
export function CollectionsManager({ memberId }: { memberId: string }) {
  const { t } = useTranslation()
  const collections = useOwnCollections(memberId)
  useLiveOwnCollections(memberId)
  const update = useUpdateCollection(memberId)
  const reorder = useReorderCollections(memberId)
  const remove = useDeleteCollection(memberId)
  const [status, setStatus] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<MemberCollection | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const list = collections.data ?? []
  const focusAfterMove = useFocusAfterMove(list.map((one) => one.id))
  useEffect(() => {
    if (collections.error) console.error('Collections load error', collections.error)
  }, [collections.error])

  const said = (text: string) => {
    setFailure(null)
    setStatus(text)
  }
  // The change was undone in the list: what was said of it no longer holds.
  const failed = (error: unknown) => {
    setStatus('')
    setFailure(failureText(error, t('collections.errors.failed')))
  }

  function actionsFor(collection: MemberCollection, index: number) {
    const { name } = collection
    return {
      move: (direction: 'up' | 'down') => {
        const next = moved(list, index, direction)
        if (!next) return
        const position = next.indexOf(collection)
        focusAfterMove(collection.id, direction, position)
        reorder.mutate(next, { onError: failed })
        said(t('collections.move.moved', { name, position: position + 1, count: list.length }))
      },
      // Shown at once, like the list (a later answer must not replace "Link copied" said meanwhile).
      share: (shared: boolean) => {
        update.mutate({ id: collection.id, shared }, { onError: failed })
        said(t(shared ? 'collections.share.nowShared' : 'collections.share.nowPrivate', { name }))
      },
      copyLink: async () => {
        // Offered only once the server has made the link (a share it has not answered yet has none).
        if (!collection.shareId) return
        const { copied, link } = await copyCollectionLink(collection.shareId)
        said(copied ? t('collections.share.copied', { name }) : t('collections.share.copyFailed', { link }))
      },
      askDelete: () => setDeleting(collection),
      renamed: (renamed: string) => said(t('collections.rename.done', { name: renamed })),
    }
  }

  function confirmDelete(collection: MemberCollection) {
    setDeleting(null)
    remove.mutate(collection.id, { onError: failed })
    said(t('collections.delete.done', { name: collection.name }))
    // The row and its button are gone: the keyboard goes on from the first collection, or the field.
    requestAnimationFrame(() => {
      const links = [...(root.current?.querySelectorAll<HTMLElement>('ul a[href]') ?? [])]
      const next = links.find((link) => link.dataset.collection !== collection.id)
      ;(next ?? root.current?.querySelector<HTMLElement>('input[name="name"]'))?.focus()
    })
  }

  return (
    <div ref={root} className="space-y-6">
      <p className="text-slate-600">{t('collections.intro')}</p>
      <NewCollectionForm
        memberId={memberId}
        label={t('collections.new.label')}
        submitLabel={t('collections.new.create')}
        onCreated={(name) => said(t('collections.new.created', { name }))}
      />
      <div>
        <StatusLine text={status} />
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
      </div>
      {collections.isPending ? (
        <p role="status" className="text-slate-600">
          {t('collections.loading')}
        </p>
      ) : collections.isError ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p role="alert" className="text-red-700">
            {t('collections.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void collections.refetch()}>
            {t('collections.retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          {t('collections.empty')}
        </p>
      ) : (
        <ul
          aria-label={t('collections.listLabel')}
          className="divide-y divide-slate-200 rounded-xl bg-white px-4 shadow-sm ring-1 ring-slate-200 sm:px-6"
        >
          {list.map((collection, index) => (
            <CollectionRow
              key={collection.id}
              memberId={memberId}
              collection={collection}
              first={index === 0}
              last={index === list.length - 1}
              actions={actionsFor(collection, index)}
            />
          ))}
        </ul>
      )}
      {deleting && (
        <DeleteCollectionDialog
          name={deleting.name}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  )
}
