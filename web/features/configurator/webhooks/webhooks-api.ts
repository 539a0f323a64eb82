import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '../../../../contract/endpoints/index.ts';
import type { WebhookEvent } from '../../../../contract/webhooks.ts';
import { authorApi } from '../../../api/clients.ts';

const hooksKey = (surveyId: string) => ['webhooks', surveyId] as const;
const logKey = (surveyId: string, id: number) => ['webhook-deliveries', surveyId, id] as const;

export function useWebhooks(surveyId: string) {
  return useQuery({
    queryKey: hooksKey(surveyId),
    queryFn: () => authorApi.call(endpoints.listWebhooks, { survey_id: surveyId }),
  });
}

export function useDeliveries(surveyId: string, id: number) {
  return useQuery({
    queryKey: logKey(surveyId, id),
    queryFn: () => authorApi.call(endpoints.webhookDeliveries, { survey_id: surveyId, id }),
    // The worker sends within seconds: the open log follows it.
    refetchInterval: 3000,
  });
}

/** The calls that change a dialog's webhooks; each reloads the list and the logs. */
export function useWebhookActions(surveyId: string) {
  const client = useQueryClient();
  const reload = () => {
    void client.invalidateQueries({ queryKey: hooksKey(surveyId) });
    void client.invalidateQueries({ queryKey: ['webhook-deliveries', surveyId] });
  };
  const survey_id = surveyId;
  return {
    create: useMutation({
      mutationFn: (input: { url: string; events: WebhookEvent[] }) =>
        authorApi.call(endpoints.createWebhook, { survey_id, ...input }),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: (input: { id: number; enabled?: boolean }) =>
        authorApi.call(endpoints.updateWebhook, { survey_id, ...input }),
      onSuccess: reload,
    }),
    remove: useMutation({
      mutationFn: (id: number) => authorApi.call(endpoints.deleteWebhook, { survey_id, id }),
      onSuccess: reload,
    }),
    test: useMutation({
      mutationFn: (id: number) => authorApi.call(endpoints.testWebhook, { survey_id, id }),
      onSuccess: reload,
    }),
    resend: useMutation({
      mutationFn: (deliveryId: number) =>
        authorApi.call(endpoints.resendWebhookDelivery, { survey_id, delivery_id: deliveryId }),
      onSuccess: reload,
    }),
  };
}
