import { useStorefront } from '../../../lib/storefront-content'
import { BuyButton } from './buy-button'
import { CheckIcon } from './storefront-icons'

/** The offer: what the bundle is, its price and the way to buy it. Text only, so it paints first. */
export function LandingHero() {
  const { hero } = useStorefront().landing
  return (
    <section
      aria-labelledby="landing-title"
      className="relative overflow-hidden bg-gradient-to-br from-slate-950 via-blue-950 to-indigo-900 text-white"
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        {hero.eyebrow && (
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-blue-100 ring-1 ring-white/20">
            {hero.eyebrow}
          </p>
        )}
        <h1
          id="landing-title"
          className="mt-6 max-w-4xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mt-6 max-w-3xl text-lg leading-8 text-pretty text-blue-100 sm:text-xl">
          {hero.subtitle}
        </p>
        {hero.points.length > 0 && (
          <ul className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8">
            {hero.points.map((point, index) => (
              <li key={index} className="flex items-center gap-2 font-medium text-white">
                <CheckIcon className="size-5 shrink-0 text-emerald-300" />
                {point}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-start">
          <BuyButton tone="dark" />
          <a
            href="#features"
            className="inline-flex items-center justify-center rounded-xl px-6 py-3.5 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
          >
            {hero.secondary}
          </a>
        </div>
      </div>
    </section>
  )
}
