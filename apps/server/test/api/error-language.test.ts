import { AppwriteException } from 'appwrite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember, type TestMember } from '../support/factories'
import { signIn } from '../support/inject'
import { SdkBrowser } from '../support/sdk-browser'
import { NO_LANGUAGE, startTestServer, type TestServer } from '../support/test-app'

/**
 * Issue 15: the same wrong request answers in the language the client asks for (`X-Appwrite-Locale`, as
 * the SDK's `client.setLocale` sends it, else `Accept-Language`), else Spanish; only `message` changes.
 */
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ listen: true })
})
afterAll(() => server.close())

const SPANISH_CREDENTIALS = 'Credenciales incorrectas. Revisa el correo electrónico y la contraseña.'
const ENGLISH_CREDENTIALS = 'Invalid credentials. Please check the email and password.'

/** A wrong password for the member, asked with these headers (fewer than 10 a member: the sign-in limit). */
async function wrongPassword(member: TestMember, headers: Record<string, string>) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/v1/account/sessions/email',
    payload: { email: member.email, password: 'not the password' },
    headers,
  })
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() }
}

describe('error messages in the member’s language', () => {
  it('answers in Spanish by default, in English when asked, with the same type, code and fields', async () => {
    const member = await createMember(server.database)
    const spanish = await wrongPassword(member, NO_LANGUAGE)
    const byLocale = await wrongPassword(member, { 'x-appwrite-locale': 'en' })
    const byBrowser = await wrongPassword(member, { 'accept-language': 'en-US,en;q=0.9' })
    expect(spanish.body.message).toBe(SPANISH_CREDENTIALS)
    expect(byLocale.body.message).toBe(ENGLISH_CREDENTIALS)
    expect(byBrowser.body.message).toBe(ENGLISH_CREDENTIALS)
    for (const answer of [spanish, byLocale, byBrowser]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({
        message: expect.any(String),
        code: 401,
        type: 'user_invalid_credentials',
        version: spanish.body.version,
      })
    }
  })

  it('follows the app’s locale before the browser’s languages, q-values, regions and unknown languages', async () => {
    const member = await createMember(server.database)
    const message = async (headers: Record<string, string>) =>
      (await wrongPassword(member, headers)).body.message
    expect(await message({ 'x-appwrite-locale': 'es-419', 'accept-language': 'en-US,en' })).toBe(
      SPANISH_CREDENTIALS,
    )
    expect(await message({ 'x-appwrite-locale': 'EN-gb', 'accept-language': 'es' })).toBe(ENGLISH_CREDENTIALS)
    // A locale the store does not speak leaves the choice to the browser's languages.
    expect(await message({ 'x-appwrite-locale': 'pt-BR', 'accept-language': 'en' })).toBe(ENGLISH_CREDENTIALS)
    expect(await message({ 'accept-language': 'en;q=0.4, es-MX;q=0.8' })).toBe(SPANISH_CREDENTIALS)
    expect(await message({ 'accept-language': 'de-DE, en;q=0.5' })).toBe(ENGLISH_CREDENTIALS)
    expect(await message({ 'accept-language': 'fr-FR, de' })).toBe(SPANISH_CREDENTIALS)
    expect(await message({ 'accept-language': 'en;q=0' })).toBe(SPANISH_CREDENTIALS)
  })

  it('says the reason of a refused parameter, and the fields beside the message, in the same language', async () => {
    const badEmail = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/account/sessions/email',
        payload: { email: 'not-an-email', password: 'whatever123' },
        headers,
      })
    const spanish = await badEmail(NO_LANGUAGE)
    const english = await badEmail({ 'accept-language': 'en' })
    expect(spanish.json()).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Parámetro `email` no válido: El valor debe ser un correo electrónico válido.',
    })
    expect(english.json()).toMatchObject({
      code: 400,
      type: 'general_argument_invalid',
      message: 'Invalid `email` param: Value must be a valid email address',
    })

    const blocked = await createMember(server.database)
    await server.database.rows(sql`UPDATE users SET blocked_reason = 'refunded' WHERE id = ${blocked.id}`)
    const signInBlocked = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/account/sessions/email',
        payload: { email: blocked.email, password: blocked.password },
        headers,
      })
    const refused = [await signInBlocked(NO_LANGUAGE), await signInBlocked({ 'x-appwrite-locale': 'en' })]
    expect(refused.map((response) => response.statusCode)).toEqual([401, 401])
    expect(refused[0]?.json()).toMatchObject({
      type: 'user_blocked',
      reason: 'refunded',
      message:
        'La compra de esta cuenta se reembolsó, así que su acceso terminó. Escribe a soporte si necesitas ayuda.',
    })
    expect(refused[1]?.json()).toMatchObject({
      type: 'user_blocked',
      reason: 'refunded',
      message:
        'The purchase of this account was refunded, so its access has ended. Contact support for help.',
    })
  })

  it('answers a route that does not exist, and a bad query, in Spanish by default', async () => {
    const { cookie } = await signIn(server, await createMember(server.database))
    const route = await server.app.inject({ method: 'GET', url: '/v1/no-such-route', headers: NO_LANGUAGE })
    expect(route.statusCode).toBe(404)
    expect(route.json()).toMatchObject({
      type: 'general_route_not_found',
      message:
        'No se encontró la ruta solicitada. Consulta la documentación de la API y vuelve a intentarlo.',
    })
    const query = await server.app.inject({
      method: 'GET',
      url: '/v1/databases/gallery/collections/projects/documents?queries[0]=not%20json',
      headers: { ...NO_LANGUAGE, cookie },
    })
    expect(query.json()).toMatchObject({ code: 400, type: 'general_query_invalid' })
    expect(query.json<{ message: string }>().message).toMatch(/^Consulta no válida: Error de sintaxis: /)
  })

  it('answers the web SDK in the language of client.setLocale', async () => {
    const member = await createMember(server.database)
    const signInWith = async (locale: string) => {
      const error: unknown = await new SdkBrowser(server.url, locale).account
        .createEmailPasswordSession({ email: member.email, password: 'not the password' })
        .catch((reason: unknown) => reason)
      if (!(error instanceof AppwriteException))
        throw new Error(`Expected an AppwriteException: ${String(error)}`)
      return error
    }
    const [spanish, english] = [await signInWith('es'), await signInWith('en')]
    expect(spanish).toMatchObject({
      code: 401,
      type: 'user_invalid_credentials',
      message: SPANISH_CREDENTIALS,
    })
    expect(english).toMatchObject({
      code: 401,
      type: 'user_invalid_credentials',
      message: ENGLISH_CREDENTIALS,
    })
  })
})
