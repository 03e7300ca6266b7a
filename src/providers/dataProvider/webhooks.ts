import type {
  Webhook,
  WebhookCreateBody,
  WebhookCreated,
  WebhookDelivery,
  WebhookUpdateBody,
} from '../../../contract/api/webhooks';
import { apiFetch } from '../httpClient';

/** Settings' webhooks (issue 46): subscriptions, their delivery log and "send again". */
export const webhookMethods = {
  getWebhooks: async () =>
    (await apiFetch<{ data: Webhook[] }>('/api/webhook/list', { fallback: 'errors.generic' })).data,

  /** Answers the subscription with its signing secret, which the server shows only this once. */
  createWebhook: (body: WebhookCreateBody) =>
    apiFetch<WebhookCreated>('/api/webhook/create', { method: 'POST', body, fallback: 'errors.generic' }),

  updateWebhook: (body: WebhookUpdateBody) =>
    apiFetch<Webhook>('/api/webhook/update', { method: 'PUT', body, fallback: 'errors.generic' }),

  deleteWebhook: (id: number) =>
    apiFetch<{ id: number }>('/api/webhook/delete', {
      method: 'DELETE',
      query: { id },
      fallback: 'errors.generic',
    }),

  getWebhookDeliveries: async (id: number) =>
    (
      await apiFetch<{ data: WebhookDelivery[] }>('/api/webhook/deliveries', {
        query: { id },
        fallback: 'errors.generic',
      })
    ).data,

  redeliverWebhook: (deliveryId: number) =>
    apiFetch<WebhookDelivery>('/api/webhook/redeliver', {
      method: 'POST',
      body: { delivery_id: deliveryId },
      fallback: 'errors.generic',
    }),
};
