import type { orders, projects, users } from '../db/schema'

/**
 * The `data` of each event (README: Automations, one example each). Stable: fields are added, never
 * renamed or removed. Built from the rows the change wrote, never from a request.
 */
const iso = (at: Date | null) => (at ? at.toISOString() : null)

export const orderData = (order: typeof orders.$inferSelect) => ({
  orderId: order.id,
  provider: order.provider,
  providerOrderId: order.providerOrderId,
  status: order.status,
  email: order.email,
  name: order.name,
  product: order.product,
  amount: order.amount,
  currency: order.currency,
  purchasedAt: iso(order.purchasedAt),
  userId: order.userId,
})

export const memberData = (user: typeof users.$inferSelect) => ({
  userId: user.id,
  email: user.email,
  name: user.name,
  labels: user.labels,
  enabled: user.enabled,
  createdAt: user.createdAt.toISOString(),
})

export const projectData = (project: typeof projects.$inferSelect) => ({
  projectId: project.id,
  title: project.title,
  subtitle: project.subtitle,
  author: project.author,
  categoryId: project.categoryId,
  youtubeUrl: project.youtubeUrl,
  createdAt: project.createdAt.toISOString(),
  updatedAt: project.updatedAt.toISOString(),
})

export const deletedProjectData = (project: Pick<typeof projects.$inferSelect, 'id' | 'title'>) => ({
  projectId: project.id,
  title: project.title,
})
