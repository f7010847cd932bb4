import { setTimeout as sleep } from 'node:timers/promises'
import type { AdminContext } from './admin-context'
import { done, refused, type AdminRequest, type AdminResult } from './admin-request'
import { formatTable } from './text-table'

type AutomationsRequest = Extract<AdminRequest, { command: `keys ${string}` | `webhooks ${string}` }>

const CLI = { source: 'cli' } as const
/** How long `webhooks test` waits for the delivery's answer (the store's timeout is 10 s). */
const TEST_WAIT_MS = 12_000

/**
 * `keys create|list|revoke` and `webhooks add|list|remove|test` (issue 44): the console's
 * "Automatizaciones" from the terminal, through the same service (audited there, source `cli`). A
 * secret is printed once, alone on the last line, for a script to read with `tail -n 1`.
 */
export async function runAutomationsCommand(
  { automations, webhookSender }: AdminContext,
  request: AutomationsRequest,
): Promise<AdminResult> {
  switch (request.command) {
    case 'keys create': {
      const key = await automations.createKey(CLI, {
        name: request.name,
        scopes: request.scopes,
        expire: request.expires ?? null,
      })
      return done(
        `Created the API key ${key.name} (${key.scopes.join(', ')}; ${key.expire ? `expires ${key.expire}` : 'never expires'}).\n` +
          'Its secret, shown this once (send it as X-Appwrite-Key, or with setKey() in node-appwrite):\n' +
          `${key.secret}\n`,
      )
    }
    case 'keys list': {
      const { keys } = await automations.overview()
      if (request.json) return done(`${JSON.stringify(keys, null, 2)}\n`)
      if (keys.length === 0)
        return done('No API keys. Create one with: npm run admin -- keys create --name N --scopes …\n')
      return done(
        formatTable([
          ['NAME', 'SCOPES', 'EXPIRES', 'LAST USED', 'SECRET STARTS'],
          ...keys.map((key) => [
            key.name,
            key.scopes.join(','),
            key.expire ?? 'never',
            key.accessedAt ?? 'never',
            key.hint,
          ]),
        ]),
      )
    }
    case 'keys revoke': {
      const key = await automations.findKeyByName(request.name)
      await automations.revokeKey(CLI, key.id)
      return done(`Revoked the API key ${key.name}: it is refused from now on.\n`)
    }
    case 'webhooks add': {
      const endpoint = await automations.addEndpoint(CLI, { url: request.url, events: request.events })
      return done(
        `Added the webhook endpoint ${endpoint.url} (${endpoint.events.join(', ')}).\n` +
          'Its signing secret, shown this once (Standard Webhooks; verify with the standardwebhooks library):\n' +
          `${endpoint.secret}\n`,
      )
    }
    case 'webhooks list': {
      const { endpoints } = await automations.overview()
      if (request.json) return done(`${JSON.stringify(endpoints, null, 2)}\n`)
      if (endpoints.length === 0)
        return done('No webhook endpoints. Add one with: npm run admin -- webhooks add URL --events …\n')
      const state = (endpoint: (typeof endpoints)[number]) =>
        endpoint.enabled
          ? endpoint.failingSince
            ? `on, failing since ${endpoint.failingSince}`
            : 'on'
          : endpoint.disabledReason === 'failing'
            ? 'off: failed for 3 days (turn it on again in the console)'
            : 'off'
      return done(
        formatTable([
          ['URL', 'EVENTS', 'STATE'],
          ...endpoints.map((endpoint) => [endpoint.url, endpoint.events.join(','), state(endpoint)]),
        ]),
      )
    }
    case 'webhooks remove': {
      const endpoint = await automations.findEndpointByUrl(request.url)
      await automations.removeEndpoint(CLI, endpoint.id)
      return done(`Removed the webhook endpoint ${endpoint.url}: nothing more is sent there.\n`)
    }
    case 'webhooks test': {
      const endpoint = await automations.findEndpointByUrl(request.url)
      const queued = await automations.sendTest(CLI, endpoint.id)
      // Sent by this process (the store stopped) or by the store's own sender: the answer is waited for.
      await webhookSender.runOnce().catch(() => 0)
      const deadline = Date.now() + TEST_WAIT_MS
      let delivery = queued
      while (delivery.attempts.length === 0 && Date.now() < deadline) {
        await sleep(100)
        delivery =
          (await automations.deliveries({ endpointId: endpoint.id }, 25)).deliveries.find(
            (one) => one.$id === queued.$id,
          ) ?? delivery
      }
      const attempt = delivery.attempts.at(-1)
      if (!attempt)
        return refused(`The test event ${queued.$id} is queued; the store sends it when it runs.\n`)
      if (attempt.error === null)
        return done(
          `Delivered the test event ${queued.$id}: HTTP ${attempt.statusCode} in ${attempt.durationMs} ms.\n`,
        )
      return refused(
        `The test event ${queued.$id} was not delivered: ${attempt.error}. It is tried again with backoff.\n`,
      )
    }
  }
}
