/**
 * A text field and its label as the members' and sign-in forms draw them (the console has its own,
 * denser ones): one look for the sign-in, recovery and "My account" forms. A field marked
 * `aria-invalid` wears a red ring.
 */
export const fieldClass =
  'mt-2 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-slate-900 shadow-sm ring-1 ring-slate-300 ' +
  'ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-blue-600 focus:outline-none ' +
  'aria-invalid:ring-red-500'

export const labelClass = 'block text-sm font-medium text-slate-800'
