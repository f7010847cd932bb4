import type { ReactNode } from 'react'
import { LogoMark } from '../../../components/ui/icons'

/** The frame of both recovery pages, like the sign-in page's. */
export function RecoveryPage({
  heading,
  intro,
  children,
}: {
  heading: string
  intro: string
  children: ReactNode
}) {
  return (
    <div className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md">
        <div className="text-center">
          <LogoMark className="mx-auto size-12 text-blue-600" />
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
          {intro && <p className="mt-2 text-slate-600">{intro}</p>}
        </div>
        <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </div>
    </div>
  )
}

export const linkClass = 'font-medium text-blue-700 underline-offset-2 hover:underline'
