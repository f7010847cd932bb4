import { useTranslation } from 'react-i18next'
import { FolderIcon } from '../../../components/ui/icons'

/** The demo thumbnails are 1280×720; sizes are given so the grid does not move while images load. */
export const THUMBNAIL_WIDTH = 1280
export const THUMBNAIL_HEIGHT = 720

export function ProjectThumbnail({ url, eager }: { url: string | null; eager: boolean }) {
  const { t } = useTranslation()
  if (!url) {
    return (
      <div className="flex aspect-video w-full items-center justify-center bg-slate-100 text-slate-400">
        <FolderIcon className="size-10" />
        <span className="sr-only">{t('gallery.noThumbnail')}</span>
      </div>
    )
  }
  return (
    <img
      src={url}
      alt=""
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="aspect-video w-full bg-slate-100 object-cover"
    />
  )
}
