/**
 * A storefront campaign (`utm_campaign`) as it travels from a buy click to the order (decision 065): the
 * buy link carries it through the payment provider's pass-through parameter and the webhook brings it
 * back into `orders.campaign`. Only names every provider passes through untouched survive the trip:
 * Stripe's `client_reference_id` takes letters, digits, `-` and `_` (up to 200), so that is the rule,
 * bounded to the 100 characters the analytics keep of a campaign. No zod: the storefront's island
 * imports this, and its JavaScript budget is counted in bytes.
 */
export const CAMPAIGN_MAX_LENGTH = 100

const CAMPAIGN = /^[A-Za-z0-9_-]{1,100}$/

/** The campaign when `value` is one the checkout can carry, else null (absent, too long, other characters). */
export function carriedCampaign(value: unknown): string | null {
  return typeof value === 'string' && CAMPAIGN.test(value) ? value : null
}
