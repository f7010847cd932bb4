import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useOwnCollections } from '../api/own-collections'
import { BookmarkIcon } from '../../../components/ui/icons'
import { roundButtonClass } from './round-button'
import { SaveToCollectionDialog } from './save-to-collection-dialog'

/**
 * "Save to collection" beside a project's heart (the heart stays the quick favourite): opens a dialog
 * listing the member's collections to tick, and a field for a new one. Filled when the project is in any.
 */
export function SaveToCollection({
  memberId,
  projectId,
  title,
}: {
  memberId: string
  projectId: string
  title: string
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const collections = useOwnCollections(memberId)
  const saved = (collections.data ?? []).some((collection) => collection.projectIds.includes(projectId))
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t('collections.save.open', { title })}
        title={t('collections.save.open', { title })}
        onClick={() => setOpen(true)}
        className={`${roundButtonClass} ${saved ? 'text-blue-700' : ''}`}
      >
        <BookmarkIcon className="size-5" fill={saved ? 'currentColor' : 'none'} />
      </button>
      {open && (
        <SaveToCollectionDialog
          memberId={memberId}
          projectId={projectId}
          title={title}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  )
}
