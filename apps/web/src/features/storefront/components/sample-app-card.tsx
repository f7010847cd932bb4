import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'

type SampleApp = ResolvedStorefront['landing']['carousel']['apps'][number]

/** The illustrations' size (`/samples/*.webp`); other images are fitted into the same 8:5 frame. */
const WIDTH = 640
const HEIGHT = 400

/** One app of the carousel: its image (a neutral frame when it has none), title and description. */
export function SampleAppCard({ app, eager }: { app: SampleApp; eager: boolean }) {
  return (
    <article className="h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {app.image ? (
        <img
          src={app.image}
          width={WIDTH}
          height={HEIGHT}
          // The title beside it says what the image shows: for a screen reader it is decoration.
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-[8/5] w-full items-center justify-center bg-slate-100">
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            focusable="false"
            className="size-12 text-slate-300"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="m3 16 5-5 4 4 3-3 6 6" />
            <circle cx="15.5" cy="8.5" r="1.5" />
          </svg>
        </div>
      )}
      <div className="p-5">
        <h3 className="text-lg font-semibold text-slate-900">{app.title}</h3>
        {app.description && <p className="mt-2 leading-7 text-slate-600">{app.description}</p>}
      </div>
    </article>
  )
}
