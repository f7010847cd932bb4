import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useStorefront } from '../../../lib/storefront-content'
import { mountCarousel } from '../carousel-controller'
import { CarouselControls } from './carousel-controls'
import { SampleAppCard } from './sample-app-card'

/**
 * The owner's sample apps (as many as the content lists). This draws the carousel as the page first
 * shows it; carousel-controller.ts moves it, here and on the landing page's prerendered HTML alike
 * (decision 010), and mounts again with the texts of a new language. One app needs no controls; none
 * (every project it named deleted since) leaves the section out.
 */
export function SampleAppsCarousel() {
  const { t, i18n } = useTranslation()
  const { carousel } = useStorefront().landing
  const region = useRef<HTMLDivElement>(null)
  useEffect(() => (region.current ? mountCarousel(region.current) : undefined), [i18n.language])
  const { apps } = carousel
  const total = apps.length
  if (total === 0) return null

  return (
    <section aria-labelledby="samples-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="samples-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {carousel.heading}
        </h2>
        {carousel.intro && <p className="mt-3 max-w-3xl text-lg text-slate-600">{carousel.intro}</p>}

        <div
          ref={region}
          className="mt-10"
          role="region"
          aria-roledescription="carousel"
          aria-label={t('landing.carousel.label')}
        >
          <div className="overflow-hidden" data-carousel-viewport>
            <div className="-ml-4 flex touch-pan-y" data-testid="carousel-slides">
              {apps.map((app, index) => (
                <div
                  key={index}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('landing.carousel.slide', { index: index + 1, total })}
                  aria-current={index === 0 ? 'true' : undefined}
                  data-carousel-slide
                  className="min-w-0 shrink-0 grow-0 basis-[88%] pl-4 sm:basis-1/2 lg:basis-1/3"
                >
                  <SampleAppCard app={app} eager={index < 3} />
                </div>
              ))}
            </div>
          </div>
          {total > 1 && <CarouselControls titles={apps.map((app) => app.title)} />}
        </div>
      </div>
    </section>
  )
}
