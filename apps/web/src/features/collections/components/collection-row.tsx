import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { collectionPath, type MemberCollection } from '../api/collection-document'
import { RenameForm } from './rename-form'
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons'
import { rowButtonClass } from './round-button'

export interface RowActions {
  move: (direction: 'up' | 'down') => void
  share: (shared: boolean) => void
  copyLink: () => void
  askDelete: () => void
  renamed: (name: string) => void
}

/** One of the member's collections: its name (a link to it), count, shared state and what can be done. */
export function CollectionRow({
  memberId,
  collection,
  first,
  last,
  actions,
}: {
  memberId: string
  collection: MemberCollection
  first: boolean
  last: boolean
  actions: RowActions
}) {
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState(false)
  const renameButton = useRef<HTMLButtonElement>(null)
  const { name } = collection

  function doneRenaming(renamed?: string) {
    setRenaming(false)
    if (renamed) actions.renamed(renamed)
    requestAnimationFrame(() => renameButton.current?.focus())
  }

  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center">
      {renaming ? (
        <RenameForm memberId={memberId} id={collection.id} name={name} onDone={doneRenaming} />
      ) : (
        <>
          {/* On a phone the moves sit beside the name; the other actions wrap below. */}
          <div className="flex min-w-0 flex-1 items-start justify-between gap-3">
            <div className="min-w-0">
              <Link
                to={collectionPath(collection.id)}
                data-collection={collection.id}
                className="text-base font-semibold break-words text-blue-700 hover:underline"
              >
                {name}
              </Link>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span>{t('collections.count', { count: collection.projectIds.length })}</span>
                <span
                  className={
                    'rounded-full px-2 py-0.5 text-xs font-semibold ' +
                    (collection.shared ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700')
                  }
                >
                  {collection.shared ? t('collections.shared') : t('collections.private')}
                </span>
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                data-move={`${collection.id}:up`}
                disabled={first}
                aria-label={t('collections.move.up', { name })}
                title={t('collections.move.up', { name })}
                onClick={() => actions.move('up')}
                className={rowButtonClass}
              >
                <ArrowUpIcon className="size-4" />
              </button>
              <button
                type="button"
                data-move={`${collection.id}:down`}
                disabled={last}
                aria-label={t('collections.move.down', { name })}
                title={t('collections.move.down', { name })}
                onClick={() => actions.move('down')}
                className={rowButtonClass}
              >
                <ArrowDownIcon className="size-4" />
              </button>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 lg:justify-end">
            <button
              ref={renameButton}
              type="button"
              aria-label={t('collections.rename.named', { name })}
              onClick={() => setRenaming(true)}
              className={rowButtonClass}
            >
              {t('collections.rename.open')}
            </button>
            <button
              type="button"
              aria-label={
                collection.shared
                  ? t('collections.share.unshareNamed', { name })
                  : t('collections.share.shareNamed', { name })
              }
              onClick={() => actions.share(!collection.shared)}
              className={rowButtonClass}
            >
              {collection.shared ? t('collections.share.unshare') : t('collections.share.share')}
            </button>
            {collection.shareId && (
              <button
                type="button"
                aria-label={t('collections.share.copyNamed', { name })}
                onClick={actions.copyLink}
                className={rowButtonClass}
              >
                {t('collections.share.copy')}
              </button>
            )}
            <button
              type="button"
              aria-label={t('collections.delete.named', { name })}
              onClick={actions.askDelete}
              className={`${rowButtonClass} text-red-700`}
            >
              {t('collections.delete.open')}
            </button>
          </div>
        </>
      )}
    </li>
  )
}
