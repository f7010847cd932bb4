import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../support/test-app'
import { fingerprint } from './fingerprint'
import { signedInClient, type QueryClient } from './query-client'

export interface MemberSuite {
  readonly server: TestServer
  readonly client: QueryClient
}

/**
 * A test file's own server on a fresh database, a signed-in member's client, and the data as it was
 * before any request, for `itLeavesDataUnchanged`.
 */
export function useMemberSuite(): MemberSuite & { dataBefore: () => Record<string, unknown> } {
  let state: { server: TestServer; client: QueryClient; dataBefore: Record<string, unknown> } | undefined
  beforeAll(async () => {
    const server = await startTestServer()
    state = { server, client: await signedInClient(server), dataBefore: await fingerprint(server.database) }
  })
  afterAll(() => state?.server.close())
  const ready = () => {
    if (!state) throw new Error('The member suite has not started')
    return state
  }
  return {
    get server() {
      return ready().server
    },
    get client() {
      return ready().client
    },
    dataBefore: () => ready().dataBefore,
  }
}

/** Declared last in a file: no request of the tests above changed any table. */
export function itLeavesDataUnchanged(suite: ReturnType<typeof useMemberSuite>): void {
  it('no request above changed any table', async () => {
    expect(await fingerprint(suite.server.database)).toEqual(suite.dataBefore())
  })
}
