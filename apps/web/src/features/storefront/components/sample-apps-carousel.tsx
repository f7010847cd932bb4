import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { SAMPLE_APP_IDS, SAMPLE_IMAGE_HEIGHT, SAMPLE_IMAGE_WIDTH } from '../sample-apps'
import { sampleImageUrl } from '../sample-images'
import { mountCarousel } from '../carousel-controller'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './storefront-icons'

const total = SAMPLE_APP_IDS.length

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50'

/**
 * The 23 sample apps. This draws the carousel as the page first shows it; carousel-controller.ts moves
 * it, here and on the landing page's prerendered HTML alike (decision 010), and mounts again with the
 * texts of a new language.
 */
export function SampleAppsCarousel() {
  const { t, i18n } = useTranslation()
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => (region.current ? mountCarousel(region.current) : undefined), [i18n.language])
  const template = t('landing.carousel.slide', { index: '{index}', total })
  const first = SAMPLE_APP_IDS[0]

  return (
    <section aria-labelledby="samples-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="samples-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.carousel.heading')}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">{t('landing.carousel.intro')}</p>

        <div
          ref={region}
          className="mt-10"
          role="region"
          aria-roledescription="carousel"
          aria-label={t('landing.carousel.label')}
        >
          <div className="overflow-hidden" data-carousel-viewport>
            <div className="-ml-4 flex touch-pan-y" data-testid="carousel-slides">
              {SAMPLE_APP_IDS.map((id, index) => (
                <div
                  key={id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('landing.carousel.slide', { index: index + 1, total })}
                  aria-current={index === 0 ? 'true' : undefined}
                  data-carousel-slide
                  className="min-w-0 shrink-0 grow-0 basis-[88%] pl-4 sm:basis-1/2 lg:basis-1/3"
                >
                  <article className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                    <img
                      src={sampleImageUrl(id)}
                      width={SAMPLE_IMAGE_WIDTH}
                      height={SAMPLE_IMAGE_HEIGHT}
                      alt=""
                      loading={index < 3 ? 'eager' : 'lazy'}
                      decoding="async"
                      className="aspect-[8/5] h-auto w-full bg-slate-100"
                    />
                    <div className="p-5">
                      <h3 className="text-lg font-semibold text-slate-900">
                        {t(`landing.samples.${id}.title`)}
                      </h3>
                      <p className="mt-2 leading-7 text-slate-600">
                        {t(`landing.samples.${id}.description`)}
                      </p>
                    </div>
                  </article>
                </div>
              ))}
            </div>
          </div>

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
            {SAMPLE_APP_IDS.map((id, index) => (
              <button
                key={id}
                type="button"
                data-carousel-dot
                aria-label={t('landing.carousel.goTo', {
                  index: index + 1,
                  title: t(`landing.samples.${id}.title`),
                })}
                aria-current={index === 0 ? 'true' : undefined}
                className="group inline-flex size-6 items-center justify-center"
              >
                <span className="block size-2.5 rounded-full bg-slate-300 transition-all group-hover:bg-slate-400 group-aria-[current=true]:w-5 group-aria-[current=true]:bg-blue-600" />
              </button>
            ))}
          </div>

          {/* Announced when the visitor moves the carousel or pauses it, not at every automatic turn. */}
          <p
            className="sr-only"
            aria-live="off"
            aria-atomic="true"
            data-carousel-status
            data-template={template}
          >
            {`${template.replace('{index}', '1')}: ${t(`landing.samples.${first}.title`)}`}
          </p>
        </div>
      </div>
    </section>
  )
}
