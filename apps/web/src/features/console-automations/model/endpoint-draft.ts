import {
  newWebhookEndpointSchema,
  WEBHOOK_EVENTS,
  type NewWebhookEndpoint,
  type WebhookEvent,
} from '@pg/shared/automations'

/** The events as the form groups them: by what they are about, in the contract's order. */
export const EVENT_GROUPS = (['order', 'member', 'project'] as const).map((group) => ({
  group,
  events: WEBHOOK_EVENTS.filter((event) => event.startsWith(`${group}.`)),
}))

export interface EndpointDraft {
  url: string
  events: WebhookEvent[]
}

export type EndpointDraftProblem = 'urlRequired' | 'urlInvalid' | 'eventsRequired'

export const emptyEndpointDraft = (): EndpointDraft => ({ url: '', events: [] })

/** The draft checked as the server will check it: an http(s) address, and at least one event. */
export function checkEndpointDraft(draft: EndpointDraft): {
  input: NewWebhookEndpoint | null
  errors: Partial<Record<keyof EndpointDraft, EndpointDraftProblem>>
} {
  const errors: Partial<Record<keyof EndpointDraft, EndpointDraftProblem>> = {}
  const url = draft.url.trim()
  const parsedUrl = newWebhookEndpointSchema.shape.url.safeParse(url)
  if (url === '') errors.url = 'urlRequired'
  else if (!parsedUrl.success) errors.url = 'urlInvalid'
  if (draft.events.length === 0) errors.events = 'eventsRequired'
  if (!parsedUrl.success || Object.keys(errors).length > 0) return { input: null, errors }
  const events = WEBHOOK_EVENTS.filter((event) => draft.events.includes(event))
  return { input: { url: parsedUrl.data, events }, errors }
}
