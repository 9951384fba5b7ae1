import type {
  WebhookCreated,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEventType,
  WebhookList,
  WebhookSecretRotated,
  WebhookTestQueued,
  WebhookUpdateRequest,
} from '@countersign/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deleteById, useRefetchingMutation } from '../../../lib/mutations.ts';

/** Every event type an endpoint can subscribe to, with what it means (a Record, so a new type must be added). */
const EVENT_HINTS: Record<WebhookEventType, string> = {
  'session.signed': 'a participant signed',
  'session.declined': 'a participant declined',
  'session.completed': 'everyone signed; sealed PDFs ready',
  'session.cancelled': 'cancelled by the account',
  'session.expired': 'expired before everyone signed',
  'session.completion_failed': 'signed, but sealing failed',
  'session.purged': 'purged; only its tombstone remains',
};
export const WEBHOOK_EVENTS = Object.keys(EVENT_HINTS) as WebhookEventType[];
export const eventHint = (type: WebhookEventType) => EVENT_HINTS[type];

const key = ['webhooks'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const useWebhooks = () =>
  useQuery({ queryKey: key, queryFn: () => api<WebhookList>('/api/webhooks') });

export const useDeliveries = (id: string | null) =>
  useQuery({
    queryKey: [...key, id, 'deliveries'],
    queryFn: () => api<WebhookDeliveryList>(`${path(id!)}/deliveries?limit=50`),
    enabled: !!id,
    // Deliveries happen in the background (a test event, a retry): the log follows while it is open.
    refetchInterval: 2000,
  });

const useWebhookMutation = <A, R>(fn: (a: A) => Promise<R>) => useRefetchingMutation(key, fn);

export const useCreateWebhook = () =>
  useWebhookMutation((v: { url: string; events: WebhookEventType[] }) =>
    api<WebhookCreated>('/api/webhooks', { json: v }),
  );
export const useUpdateWebhook = () =>
  useWebhookMutation((v: { webhookId: string; change: WebhookUpdateRequest }) =>
    api<WebhookEndpoint>(path(v.webhookId), { method: 'PATCH', json: v.change }),
  );
export const useDeleteWebhook = () => useWebhookMutation(deleteById('/api/webhooks'));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) =>
    api<WebhookSecretRotated>(`${path(id)}/rotate-secret`, { method: 'POST' }),
  );
export const useSendTestEvent = () =>
  useWebhookMutation((id: string) => api<WebhookTestQueued>(`${path(id)}/test`, { method: 'POST' }));
export const useRedeliver = () =>
  useWebhookMutation((v: { webhookId: string; deliveryId: string }) =>
    api<unknown>(`${path(v.webhookId)}/deliveries/${encodeURIComponent(v.deliveryId)}/redeliver`, {
      method: 'POST',
    }),
  );
