/** A round icon button over a card, as the heart is drawn (36 px: a target a thumb finds). */
export const roundButtonClass =
  'rounded-full bg-white/90 p-2 text-slate-600 shadow-sm ring-1 ring-slate-200 backdrop-blur transition-colors ' +
  'hover:bg-white hover:text-blue-700 disabled:cursor-not-allowed disabled:bg-white/90 disabled:text-slate-300 disabled:hover:text-slate-300'

/** A small secondary button in a collection's row of actions. */
export const rowButtonClass =
  'inline-flex min-h-9 items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold ' +
  'text-slate-800 ring-1 ring-slate-300 ring-inset transition-colors hover:bg-slate-50 ' +
  'disabled:cursor-not-allowed disabled:opacity-50'
