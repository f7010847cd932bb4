import { labelSchema } from '@pg/shared/account'
import { httpUrlSchema, idSchema, thumbnailUrlSchema } from '@pg/shared/catalog'
import { documentDataSchemas } from '@pg/shared/catalog-file'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { storeSettingValueSchemas } from '../../src/selling/downloads/store-settings'
import { en } from '../../src/platform/error-messages/en'
import { es } from '../../src/platform/error-messages/es'
import {
  ErrorMessage,
  said,
  say,
  type MessageKey,
  type MessageValues,
} from '../../src/platform/error-messages/error-message'
import { SCHEMA_REASONS } from '@pg/shared/schema-issue-es'

/**
 * Every message of the catalogue, said in Spanish and in English with sample values, must hold no word of
 * the other language (issue 15). Names the API spells its own way are not words of either: quoted or in
 * backticks, `$`-attributes, ids and snake_case or camelCase names, paths, addresses and UPPERCASE names.
 */
const ENGLISH_WORDS = [
  ...(
    'the an must invalid not found please user password is are was be been and or of to for with only ' +
    'cannot could should already again try value valid email request query queries param takes ' +
    'allowed row rows file nothing nobody member members order download available support help which ' +
    'than more this has have at on by your yourself unknown expected too many long line field ' +
    'characters chars '
  )
    .trim()
    .split(/\s+/),
]
const SPANISH_WORDS = [
  ...(
    'el la los las un una del debe deben que con para por está puede ya solo válido válida contraseña ' +
    'usuario correo archivo fila miembro miembros pedido valor consulta parámetro vuelve intentarlo y ' +
    'o ni se sin más tiene '
  )
    .trim()
    .split(/\s+/),
  'no se',
]

/** The words of a message once the API's own names are left out. */
function words(message: string): string {
  return (
    message
      .replace(/`[^`]*`|"[^"]*"|“[^”]*”|«[^»]*»|\{[^}]*\}|\[[^\]]*\]/g, ' ')
      .replace(/\S*(https?:\/\/|@|\/|\$|_|\.\w)\S*/g, ' ')
      // camelCase (notEqual), UPPERCASE (JSON, PUBLIC_ORIGIN), with digits (0-9, U+0000), hyphens or commas
      // (download-limit, a-z, the CSV header email,name)
      .replace(/\S*[a-z][A-Z]\S*|\b[A-Z]{2,}\w*|\S*\d\S*|\S*\w[-,]\w\S*/g, ' ')
      .toLowerCase()
  )
}

const hasWord = (message: string, word: string) =>
  new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(words(message))

const issueOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { reportInput: true })
  const [issue] = parsed.error?.issues ?? []
  if (!issue) throw new Error(`${JSON.stringify(value)} was accepted`)
  return issue
}

/** A sample of each kind of zod issue the API's schemas give, and each schema's own words. */
const ISSUES = [
  issueOf(z.string().max(128), 'x'.repeat(129)),
  issueOf(z.string().min(1), ''),
  issueOf(z.number(), 'ten'),
  issueOf(z.boolean(), 'yes'),
  issueOf(z.enum(['json', 'csv']), 'xml'),
  issueOf(z.array(z.string()).max(2), ['a', 'b', 'c']),
  issueOf(z.coerce.number().int().min(1), '0'),
  issueOf(z.iso.date(), '2026-13-45'),
  issueOf(z.email(), 'not-an-email'),
  issueOf(z.strictObject({ name: z.string() }), { name: 'x', colour: 'red' }),
  issueOf(idSchema, 'not an id!'),
  issueOf(httpUrlSchema, 'javascript:alert(1)'),
  issueOf(thumbnailUrlSchema, 'ftp://example.com/a.png'),
  issueOf(labelSchema, 'two words'),
  issueOf(documentDataSchemas.categories, { name: '   ' }),
  issueOf(storeSettingValueSchemas['bonus-1-url'], 'ftp://example.com'),
  issueOf(storeSettingValueSchemas['download-file'], 'bundle.zip'),
  issueOf(storeSettingValueSchemas['download-file'], '\0'),
  issueOf(storeSettingValueSchemas['download-limit'], '0'),
]

const reason = said('emailReason')
const place = said('filePlace', { where: 'row 5, links' })

/** Values for every message that takes any (a type error when a key of the catalogue has none here). */
const samples: { [K in MessageKey as MessageValues<K> extends undefined ? never : K]: MessageValues<K> } = {
  missingParam: { name: 'prefs' },
  apiKeyScope: { scope: 'users.read' },
  apiKeyNameTaken: { name: 'Zapier' },
  webhookEndpointTaken: { url: 'https://hooks.example.com/store' },
  invalidParam: { name: 'email', reason },
  invalidQuery: { reason: said('queryMethodUnknown', { method: 'regexMatch' }) },
  prefsSizeReason: { bytes: 65_535 },
  prefsDepthReason: { levels: 32 },
  urlHostReason: { hosts: ['tienda.example.com', 'localhost:5173'] },
  urlPathReason: { path: '/login/link' },
  oneOfReason: { values: [7, 30, 90] },
  queriesReason: { items: 100, chars: 4096 },
  queryStringReason: { max: 8192, length: 9000 },
  userIdsReason: { max: 100 },
  permissionsReason: { permissions: '["read(\\"users\\")"]' },
  schemaIssue: { issue: ISSUES[0] ?? issueOf(z.string(), 1) },
  queryAttributeNotText: { method: 'equal' },
  queryValuesNotList: { method: 'equal' },
  queryTooDeep: { levels: 3 },
  dayRangeReason: { earliest: '0001-01-01', latest: '9999-12-30' },
  queryGroupTooSmall: { method: 'or' },
  queryGroupTooLarge: { method: 'and' },
  queryGroupNotFilter: { method: 'or', inner: 'limit' },
  queryMethodUnknown: { method: 'regexMatch' },
  queryAttributeRequired: { method: 'equal' },
  queryValueCount: { method: 'between', min: 2, max: 2 },
  queryValuesNotScalar: { method: 'equal' },
  queryOneInteger: { method: 'limit' },
  queryRange: { method: 'limit', min: 1, max: 100 },
  queryOnce: { method: 'limit' },
  queryNotAllowed: { method: 'search', allowed: ['limit', 'offset', 'equal'] },
  cursorValue: { method: 'cursorAfter' },
  cursorDocumentNotFound: { id: 'demo-0001' },
  attributeNotFound: { key: 'colour' },
  attributeNotOrderable: { key: 'author', indexed: ['$id', '$sequence', 'title'] },
  attributeWithoutTextIndex: { method: 'contains', key: 'author', indexed: ['title', 'subtitle'] },
  attributeNotText: { method: 'startsWith', key: '$createdAt' },
  queryValueInvalid: { key: '$createdAt' },
  tooManyValues: { limit: 100, attribute: 'title' },
  tooManyTextTerms: { limit: 20, attribute: 'title' },
  cannotSelect: { names: ['colour', 'category.colour'] },
  textSearchOrder: { attribute: '$text' },
  textSearchTopLevel: { attribute: '$text' },
  textSearchOnly: { attribute: '$text', method: 'equal' },
  textSearchAlone: { attribute: '$text' },
  textSearchText: { attribute: '$text' },
  textValues: { attribute: 'email' },
  takesEqual: { attribute: 'action' },
  methodNotApplicable: { method: 'contains', attribute: 'email' },
  membersNotFilterable: { attribute: 'phone', allowed: ['$id', 'email', 'name', 'status', 'labels'] },
  membersNotOrderable: { attribute: 'phone', allowed: ['$createdAt', 'email', 'name'] },
  memberCursorNotFound: { id: 'u-42' },
  auditNotFilterable: { attribute: 'ip', allowed: ['source', 'actor', '$createdAt'] },
  auditCursor: { id: 'e-42' },
  noMemberWithEmail: { email: 'ana@example.com' },
  nothingChanged: { reason: said('publicOriginMissing') },
  memberEmailTaken: { email: 'ana@example.com' },
  memberIdTaken: { id: 'ana-1' },
  memberDisabled: { email: 'ana@example.com' },
  notOneself: { action: 'unlabel', label: 'admin' },
  ownerProtected: { action: 'unlabel', email: 'owner@example.com', source: 'first_admin', label: 'admin' },
  ownerWouldChange: { email: 'old@example.com', owner: 'owner@example.com', label: 'admin' },
  noOrderWithId: { id: 'o-1' },
  refundRefused: { id: 'o-1', status: 'pending' },
  grantIgnoredRefused: { id: 'o-1' },
  grantIgnoredEmail: { id: 'o-1' },
  downloadExpired: { days: 15 },
  downloadLimitReached: { limit: 10 },
  settingInvalid: {
    key: 'download-limit',
    reason: said('schemaIssue', { issue: issueOf(z.string().max(1), 'ab') }),
  },
  downloadFileUnusable: { key: 'download-file', file: '/srv/store/bundle.zip', problem: 'unreadable' },
  documentStructure: {
    problems: [
      said('unknownAttributes', { keys: ['colour', 'size'] }),
      said('fieldProblem', {
        field: 'title',
        reason: said('schemaIssue', { issue: issueOf(z.string().min(1), '') }),
      }),
    ],
  },
  unknownAttributes: { keys: ['colour'] },
  fieldProblem: { field: 'youtube_url', reason },
  referenceMissing: { what: 'category', id: 'c-9' },
  projectTagTaken: { id: 'pt-1' },
  permissionsListReason: { max: 100 },
  permissionFormatReason: { permission: 'read(users)' },
  permissionsNotYours: { allowed: ['read("user:ana-1")', 'read("users")'] },
  ownerPermissionsReason: { role: 'user:ana-1' },
  collectionsLimit: { limit: 50 },
  repeatedProject: { id: 'p-1' },
  spoken: { en: 'row 5, title: must not be empty', es: 'fila 5, title: no debe estar vacío' },
  catalogImportRefused: {
    count: 2,
    problems: [
      said('fileProblem', { where: place, reason: said('linksNotPairs') }),
      said('fileProblem', {
        where: said('filePlace', { where: 'header, column 4' }),
        reason: said('titleColumnRequired'),
      }),
    ],
  },
  fileProblem: { where: said('filePlace', { where: 'file' }), reason: said('fileWithoutCatalogue') },
  filePlace: { where: 'row 5.category_id' },
  fileNotJson: { detail: 'Unexpected end of JSON input' },
  unknownSection: { expected: ['categories', 'tags', 'projects', 'project_tags'] },
  notValidCsv: { reason: said('csvSyntax', { line: 3, problem: 'never_closed' }) },
  csvSyntax: { line: 3, problem: 'closing_quote' },
  unknownColumn: { name: 'colour', expected: ['id', 'title', 'links'] },
  fieldCount: { fields: 4, columns: 5 },
  tagIdsCount: { ids: 2, tags: 3 },
  unknownReference: { what: 'tag', id: 't-9' },
  idUsedTwice: { what: 'project', id: 'p-1', earlier: said('filePlace', { where: 'row 2' }) },
  categoryIdDiffers: { id: 'c-2' },
  projectNotInFile: { id: 'p-9' },
  membersFileRefused: {
    fileName: 'compradores.csv',
    count: 12,
    problems: [
      said('rowEmail', { row: 3, value: 'not-an-email' }),
      said('rowRepeated', { row: 5, email: 'ROSA@example.com', firstRow: 2 }),
    ],
    more: 2,
  },
  membersFileUnread: { fileName: 'compradores.csv', problem: said('noMembersToImport') },
  rowColumns: { row: 4 },
  rowEmail: { row: 3, value: 'not-an-email' },
  rowName: { row: 6 },
  rowRepeated: { row: 5, email: 'ROSA@example.com', firstRow: 2 },
  synonymSideReason: { words: 5, characters: 60 },
  synonymExists: { oneSide: 'ia', otherSide: 'inteligencia artificial' },
  synonymsFull: { limit: 500 },
  synonymNotFound: { id: 'abc' },
  synonymPreviewReason: { characters: 256 },
  ownCampaignReason: { characters: 100 },
  ownCampaignExists: { campaign: 'spring' },
  ownCampaignOnCheckout: { campaign: 'launch' },
  ownCampaignsFull: { limit: 50 },
  ownCampaignNotFound: { campaign: 'spring' },
  ownCampaignFromCheckout: { campaign: 'launch' },
  invitationNotSent: { detail: '421 4.7.0' },
  accountEmailsFromAddress: { minutes: 12 },
  accountEmailsToEmail: { minutes: 1 },
  storefrontTooLarge: { characters: 400_000 },
  storefrontProjectMissing: { id: 'demo-0001' },
  storefrontInvalid: {
    count: 2,
    problems: [
      said('fieldProblem', { field: 'landing.offer.price.amount', reason: said('storefrontPriceAmount') }),
      said('fieldProblem', { field: 'faq[2].answer.es', reason: said('storefrontOneLine') }),
    ],
  },
  storefrontDraftChanged: { revision: 4, updatedBy: 'ana@example.com' },
  storefrontVersionNotFound: { number: '7' },
  wholeNumberReason: { min: 1, max: 100 },
  storefrontPreviewPage: { pages: ['/', '/landing-pack-apps', '/faq'] },
}

const valuesOf = (key: MessageKey): unknown => (key in samples ? Reflect.get(samples, key) : undefined)
/** Each key of the catalogue, built as `said` builds it, with its sample values. */
const messages = (Object.keys(en) as MessageKey[]).map(
  (key) => new ErrorMessage(key, valuesOf(key) as MessageValues<typeof key>),
)
/** The zod issue message again for every kind of issue sampled. */
const issueMessages = ISSUES.map((issue) => said('schemaIssue', { issue }))

describe('the error catalogue (issue 15)', () => {
  it('finds a word of the other language, not a name the API spells its own way', () => {
    expect(hasWord('El valor is not valid.', 'not')).toBe(true)
    expect(hasWord('Parámetro `password` no válido: falta "the"', 'password')).toBe(false)
    expect(hasWord('solo equal, notEqual y contains; ver PUBLIC_ORIGIN', 'not')).toBe(false)
    expect(hasWord('The cursor is invalid.', 'el')).toBe(false)
  })

  it('has the same keys in Spanish as in English', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
  })

  it('has a sample for every message that takes values, and only for those', () => {
    for (const key of Object.keys(samples)) expect(key in en, key).toBe(true)
    for (const message of messages) {
      const takesValues = en[message.key].length > 0
      expect(message.values !== undefined, message.key).toBe(takesValues)
    }
  })

  it('says every message in Spanish without an English word', () => {
    const offenders = [...messages, ...issueMessages].flatMap((message) => {
      const spanish = say(message, 'es')
      const english = ENGLISH_WORDS.filter((word) => hasWord(spanish, word))
      return spanish.trim() === '' || english.length > 0
        ? [`${message.key} (${english.join(', ')}): ${spanish}`]
        : []
    })
    expect(offenders).toEqual([])
  })

  it('says every message in English without a Spanish word', () => {
    const offenders = [...messages, ...issueMessages].flatMap((message) => {
      const english = say(message, 'en')
      const spanish = SPANISH_WORDS.filter((word) => hasWord(english, word))
      return spanish.length > 0 ? [`${message.key} (${spanish.join(', ')}): ${english}`] : []
    })
    expect(offenders).toEqual([])
  })

  it('differs between the languages for every message, but for names and numbers', () => {
    for (const message of [...messages, ...issueMessages]) {
      expect(say(message, 'es'), message.key).not.toBe(say(message, 'en'))
    }
  })

  it('keeps the English a zod schema gives, and says every schema’s own words in Spanish', () => {
    for (const issue of ISSUES) expect(say(said('schemaIssue', { issue }), 'en')).toBe(issue.message)
    const own = ISSUES.map((issue) => issue.message).filter((text) => text in SCHEMA_REASONS)
    expect(new Set(own)).toEqual(new Set(Object.keys(SCHEMA_REASONS)))
  })

  it('keeps Appwrite’s English words, which clients and its documentation know', () => {
    expect(say(said('user_invalid_credentials'), 'en')).toBe(
      'Invalid credentials. Please check the email and password.',
    )
    expect(say(said('missingParam', { name: 'prefs' }), 'en')).toBe('Param "prefs" is not optional.')
    expect(say(said('invalidParam', { name: 'email', reason }), 'en')).toBe(
      'Invalid `email` param: Value must be a valid email address',
    )
    expect(say(said('invalidParam', { name: 'email', reason }), 'es')).toBe(
      'Parámetro `email` no válido: El valor debe ser un correo electrónico válido.',
    )
  })
})
