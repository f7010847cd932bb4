import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import useEmblaCarousel from 'embla-carousel-react'
import Autoplay from 'embla-carousel-autoplay'
import { SAMPLE_APP_IDS, SAMPLE_IMAGE_HEIGHT, SAMPLE_IMAGE_WIDTH } from '../sample-apps'
import { sampleImageUrl } from '../sample-images'
import { AUTOPLAY_DELAY_MS, EMBLA_DURATION } from '../carousel-timing'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './storefront-icons'

const total = SAMPLE_APP_IDS.length

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50'

/**
 * The 23 sample apps, moving on every 2 s in a loop. Swiping, the arrows and the dots do not stop it
 * (seed-spec section 2); the pause button does, and it does not start under prefers-reduced-motion.
 */
export function SampleAppsCarousel() {
  const { t } = useTranslation()
  const [autoplay] = useState(() =>
    Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: false, playOnInit: false }),
  )
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start', duration: EMBLA_DURATION }, [
    autoplay,
  ])
  const [selected, setSelected] = useState(0)
  const [paused, setPaused] = useState(false)
  const pausedRef = useRef(false)
  const reducedMotion = useRef(false)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    // Swipes restart the autoplay by design; a visitor's pause outranks that.
    const keepPaused = () => {
      if (pausedRef.current) autoplay.stop()
    }
    embla.on('select', onSelect).on('autoplay:play', keepPaused)
    reducedMotion.current = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    if (reducedMotion.current) {
      pausedRef.current = true
      setPaused(true)
    } else {
      autoplay.play()
    }
    return () => {
      embla.off('select', onSelect).off('autoplay:play', keepPaused)
    }
  }, [embla, autoplay])

  const togglePaused = useCallback(() => {
    const pause = !pausedRef.current
    pausedRef.current = pause
    setPaused(pause)
    if (pause) autoplay.stop()
    else autoplay.play()
  }, [autoplay])

  /** A click moves the carousel and restarts the 2 s count, so the next slide gets its full time. */
  const go = useCallback(
    (move: 'previous' | 'next' | number) => {
      if (!embla) return
      const jump = reducedMotion.current
      if (move === 'previous') embla.scrollPrev(jump)
      else if (move === 'next') embla.scrollNext(jump)
      else embla.scrollTo(move, jump)
      autoplay.reset()
    },
    [embla, autoplay],
  )

  const current = SAMPLE_APP_IDS[selected] ?? SAMPLE_APP_IDS[0]

  return (
    <section aria-labelledby="samples-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="samples-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.carousel.heading')}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">{t('landing.carousel.intro')}</p>

        <div
          className="mt-10"
          role="region"
          aria-roledescription="carousel"
          aria-label={t('landing.carousel.label')}
        >
          <div className="overflow-hidden" ref={viewportRef}>
            <div className="-ml-4 flex touch-pan-y" data-testid="carousel-slides">
              {SAMPLE_APP_IDS.map((id, index) => (
                <div
                  key={id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('landing.carousel.slide', { index: index + 1, total })}
                  aria-current={index === selected ? 'true' : undefined}
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
                onClick={() => go('previous')}
                aria-label={t('landing.carousel.previous')}
              >
                <ChevronLeftIcon className="size-5" />
              </button>
              <button
                type="button"
                className={roundButton}
                onClick={() => go('next')}
                aria-label={t('landing.carousel.next')}
              >
                <ChevronRightIcon className="size-5" />
              </button>
              <button
                type="button"
                onClick={togglePaused}
                className="inline-flex h-11 items-center gap-2 rounded-full bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800"
              >
                {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
                {paused ? t('landing.carousel.play') : t('landing.carousel.pause')}
              </button>
            </div>
            <p
              className="text-sm font-medium text-slate-600"
              aria-hidden="true"
              data-testid="carousel-counter"
            >
              {t('landing.carousel.slide', { index: selected + 1, total })}
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
                onClick={() => go(index)}
                aria-label={t('landing.carousel.goTo', {
                  index: index + 1,
                  title: t(`landing.samples.${id}.title`),
                })}
                aria-current={index === selected ? 'true' : undefined}
                className="group inline-flex size-6 items-center justify-center"
              >
                <span
                  className={`block rounded-full transition-all ${index === selected ? 'h-2.5 w-5 bg-blue-600' : 'size-2.5 bg-slate-300 group-hover:bg-slate-400'}`}
                />
              </button>
            ))}
          </div>

          {/* Announced when the visitor moves the carousel or pauses it, not at every automatic turn. */}
          <p className="sr-only" aria-live={paused ? 'polite' : 'off'} aria-atomic="true">
            {t('landing.carousel.slide', { index: selected + 1, total })}:{' '}
            {t(`landing.samples.${current}.title`)}
          </p>
        </div>
      </div>
    </section>
  )
}
