import { useTranslation } from 'react-i18next'
import { ExternalLinkIcon } from '../../../components/ui/icons'
import { youtubeEmbedUrl, youtubeVideoId, youtubeWatchUrl } from '../../../lib/youtube'

/** The privacy-enhanced YouTube player and a link to YouTube, only for a valid video id. */
export function ProjectVideo({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation()
  const id = youtubeVideoId(url)
  if (!id) return null
  return (
    <div className="space-y-2">
      <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        <iframe
          src={youtubeEmbedUrl(id)}
          title={t('project.videoTitle', { title })}
          width={1280}
          height={720}
          className="size-full"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      </div>
      <a
        href={youtubeWatchUrl(id)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-blue-700 hover:underline"
      >
        {t('project.watchOnYouTube')}
        <ExternalLinkIcon className="size-4" />
        <span className="sr-only">{t('project.opensInNewTab')}</span>
      </a>
    </div>
  )
}
