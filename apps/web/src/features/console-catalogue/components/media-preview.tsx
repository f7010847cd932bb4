import { useTranslation } from 'react-i18next'
import { isThumbnailUrl } from '@pg/shared/urls'
import { youtubeVideoId } from '../../../lib/youtube'

/** What the video address will show: YouTube's poster for the video it names, or why there is none. */
export function VideoPreview({ address }: { address: string }) {
  const { t } = useTranslation()
  if (!address.trim()) return null
  const videoId = youtubeVideoId(address)
  if (!videoId) return <p className="mt-2 text-sm text-amber-800">{t('consoleCatalogue.form.notYoutube')}</p>
  return (
    <img
      src={`https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`}
      alt={t('consoleCatalogue.form.videoPreview', { id: videoId })}
      className="mt-2 aspect-video w-48 rounded-lg border border-slate-200 object-cover"
      loading="lazy"
    />
  )
}

export function ThumbnailPreview({ address }: { address: string }) {
  const { t } = useTranslation()
  if (!address.trim() || !isThumbnailUrl(address.trim())) return null
  return (
    <img
      src={address.trim()}
      alt={t('consoleCatalogue.form.thumbnailPreview')}
      className="mt-2 aspect-video w-48 rounded-lg border border-slate-200 bg-slate-100 object-cover"
      loading="lazy"
    />
  )
}
