import { z, type core } from 'zod'

const zodInSpanish = z.locales.es().localeError

/**
 * The schemas' own words (catalog.ts, catalog-file.ts, account.ts, the server's downloads/store-settings.ts),
 * which zod gives as they are written, in Spanish.
 */
export const SCHEMA_REASONS: Record<string, string> = {
  'must not be empty': 'no puede estar vacío',
  'must be 1-36 characters of a-z, A-Z, 0-9, ".", "_" or "-"':
    'debe tener de 1 a 36 caracteres entre a-z, A-Z, 0-9, ".", "_" y "-"',
  'must be an http(s) URL': 'debe ser una URL http(s)',
  'must be an http(s) URL or a path under /media/ on this store':
    'debe ser una URL http(s) o una ruta bajo /media/ de esta tienda',
  'A label is 1 to 36 letters (a–z, A–Z) and digits (0–9).':
    'Una etiqueta tiene de 1 a 36 letras (a–z, A–Z) y dígitos (0–9).',
  'must be an http:// or https:// link, such as https://cursos.example.com/n8n':
    'debe ser un enlace http:// o https://, como https://cursos.example.com/n8n',
  'must be a file path': 'debe ser la ruta de un archivo',
  'must be an absolute path, such as /srv/store/bundle.zip':
    'debe ser una ruta absoluta, como /srv/store/bundle.zip',
  'must be a whole number from 1 to 1000': 'debe ser un número entero del 1 al 1000',
}

const TYPES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  boolean: 'un booleano (true o false)',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
}

const UNITS: Record<string, string> = { string: 'caracteres', array: 'elementos', set: 'elementos' }

const FORMATS: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una URL válida',
  date: 'una fecha como 2026-01-31',
  datetime: 'una fecha y hora ISO 8601',
  uuid: 'un UUID',
}

/** The issues the API's schemas give, in the words of the store's Spanish messages. */
function plainSpanish(issue: core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return TYPES[issue.expected] && `debe ser ${TYPES[issue.expected]}`
    case 'too_small': {
      const unit = UNITS[issue.origin]
      const minimum = Number(issue.minimum)
      if (unit === 'caracteres' && minimum === 1 && issue.inclusive !== false) return 'no puede estar vacío'
      if (unit) return `debe tener al menos ${minimum} ${unit}`
      return issue.inclusive === false ? `debe ser mayor que ${minimum}` : `debe ser ${minimum} o más`
    }
    case 'too_big': {
      const unit = UNITS[issue.origin]
      const maximum = Number(issue.maximum)
      if (unit) return `debe tener como máximo ${maximum} ${unit}`
      return issue.inclusive === false ? `debe ser menor que ${maximum}` : `debe ser ${maximum} o menos`
    }
    case 'invalid_format':
      if (issue.format === 'regex') return 'no tiene el formato esperado'
      return FORMATS[issue.format] && `debe ser ${FORMATS[issue.format]}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `debe ser ${JSON.stringify(issue.values[0])}`
        : `debe ser uno de estos: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`
    case 'unrecognized_keys':
      return `${issue.keys.length > 1 ? 'atributos desconocidos' : 'atributo desconocido'}: ${issue.keys.map((key) => `"${key}"`).join(', ')}`
    default:
      return undefined
  }
}

/** A refused value in Spanish: the schema's own words, ours for the usual issues, else zod's Spanish. */
export function schemaIssueInSpanish(issue: core.$ZodIssue): string {
  const own = SCHEMA_REASONS[issue.message] ?? plainSpanish(issue)
  if (own !== undefined) return own
  // A finished issue keeps what its raw one held (the input too, when parsed with `reportInput`).
  const text = zodInSpanish(issue as core.$ZodRawIssue)
  return typeof text === 'string' ? text : (text?.message ?? 'valor no válido')
}
