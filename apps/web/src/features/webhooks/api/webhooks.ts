import type {
  WebhookCreated,
  WebhookDeliveryList,
  WebhookEventType,
  WebhookList,
  WebhookSecretRotated,
} from '@countersign/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const WEBHOOK_EVENTS: WebhookEventType[] = [
  'session.signed',
  'session.declined',
  'session.completed',
  'session.cancelled',
  'session.expired',
];

const key = ['webhooks'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export const useWebhooks = () =>
  useQuery({ queryKey: key, queryFn: () => api<WebhookList>('/api/webhooks') });

export const useDeliveries = (id: string | null) =>
  useQuery({
    queryKey: [...key, id, 'deliveries'],
    queryFn: () => api<WebhookDeliveryList>(`${path(id!)}/deliveries?limit=50`),
    enabled: !!id,
    refetchInterval: 5000,
  });

function useWebhookMutation<A, R>(fn: (a: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation((v: { url: string; events: WebhookEventType[] }) =>
    api<WebhookCreated>('/api/webhooks', { json: v }),
  );
export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
export const useEnableWebhook = () =>
  useWebhookMutation((id: string) => api<unknown>(`${path(id)}/enable`, { method: 'POST' }));
export const useRotateSecret = () =>
  useWebhookMutation((id: string) =>
    api<WebhookSecretRotated>(`${path(id)}/rotate-secret`, { method: 'POST' }),
  );
export const useRedeliver = () =>
  useWebhookMutation((v: { webhookId: string; deliveryId: string }) =>
    api<unknown>(`${path(v.webhookId)}/deliveries/${encodeURIComponent(v.deliveryId)}/redeliver`, {
      method: 'POST',
    }),
  );
