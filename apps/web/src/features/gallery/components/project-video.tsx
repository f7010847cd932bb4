import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ExternalLinkIcon } from '../../../components/ui/icons'
import { youtubeEmbedUrl, youtubeVideoId, youtubeWatchUrl } from '../../../lib/youtube'

/**
 * A project's video (issue 15): the project's own thumbnail with a play button, and YouTube's
 * privacy-enhanced player only once the member asks for it (mouse or keyboard), playing at once. Until
 * then the details ask nothing of YouTube. "Watch on YouTube" is there either way.
 */
export function ProjectVideo({
  url,
  title,
  poster,
}: {
  url: string | null
  title: string
  poster: string | null
}) {
  const { t } = useTranslation()
  const id = youtubeVideoId(url)
  const [playing, setPlaying] = useState(false)
  const player = useRef<HTMLIFrameElement>(null)
  // The player takes the focus from the button it replaces, so the keyboard goes on from there.
  useEffect(() => {
    if (playing) player.current?.focus()
  }, [playing])
  if (!id) return null
  return (
    <div className="space-y-2">
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
        {playing ? (
          <iframe
            ref={player}
            src={`${youtubeEmbedUrl(id)}?autoplay=1`}
            title={t('project.videoTitle', { title })}
            width={1280}
            height={720}
            className="size-full"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            data-video-facade
            className="group absolute inset-0 flex size-full items-center justify-center"
            aria-label={t('project.playVideo', { title })}
          >
            {poster && (
              <img
                src={poster}
                alt=""
                width={1280}
                height={720}
                decoding="async"
                className="absolute inset-0 size-full object-cover opacity-60"
              />
            )}
            <span className="relative flex size-16 items-center justify-center rounded-full bg-red-600 text-white shadow-lg transition-transform group-hover:scale-110 group-focus-visible:scale-110">
              <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className="ml-1 size-8">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          </button>
        )}
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
