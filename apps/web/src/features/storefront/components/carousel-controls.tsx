import { useTranslation } from 'react-i18next'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './storefront-icons'

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50'

/**
 * The carousel's arrows, pause button, counter, dots and live status, named by data attributes for
 * carousel-controller.ts, which gives them their behaviour. `titles`: the apps' titles, in order.
 */
export function CarouselControls({ titles }: { titles: string[] }) {
  const { t } = useTranslation()
  const total = titles.length
  const template = t('landing.carousel.slide', { index: '{index}', total })
  return (
    <>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={roundButton}
            data-carousel-previous
            aria-label={t('landing.carousel.previous')}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            className={roundButton}
            data-carousel-next
            aria-label={t('landing.carousel.next')}
          >
            <ChevronRightIcon className="size-5" />
          </button>
          <button
            type="button"
            data-carousel-toggle
            className="inline-flex h-11 items-center rounded-full bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800"
          >
            <span data-when-playing className="inline-flex items-center gap-2">
              <PauseIcon className="size-4" />
              {t('landing.carousel.pause')}
            </span>
            <span data-when-paused hidden className="inline-flex items-center gap-2">
              <PlayIcon className="size-4" />
              {t('landing.carousel.play')}
            </span>
          </button>
        </div>
        <p
          className="text-sm font-medium text-slate-600"
          aria-hidden="true"
          data-testid="carousel-counter"
          data-carousel-counter
          data-template={template}
        >
          {template.replace('{index}', '1')}
        </p>
      </div>

      <div
        role="group"
        aria-label={t('landing.carousel.dots')}
        className="mt-4 flex flex-wrap justify-center"
      >
        {titles.map((title, index) => (
          <button
            key={index}
            type="button"
            data-carousel-dot
            aria-label={t('landing.carousel.goTo', { index: index + 1, title })}
            aria-current={index === 0 ? 'true' : undefined}
            className="group inline-flex size-6 items-center justify-center"
          >
            <span className="block size-2.5 rounded-full bg-slate-300 transition-all group-hover:bg-slate-400 group-aria-[current=true]:w-5 group-aria-[current=true]:bg-blue-600" />
          </button>
        ))}
      </div>

      {/* Announced when the visitor moves the carousel or pauses it, not at every automatic turn. */}
      <p className="sr-only" aria-live="off" aria-atomic="true" data-carousel-status data-template={template}>
        {`${template.replace('{index}', '1')}: ${titles[0] ?? ''}`}
      </p>
    </>
  )
}
