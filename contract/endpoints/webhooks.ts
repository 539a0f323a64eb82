import { apiErrors } from '../api-error.ts';
import { postGroup } from '../endpoint.ts';
import {
  createWebhookRequest,
  createWebhookResponse,
  deliveriesRequest,
  deliveriesResponse,
  deliveryResponse,
  listWebhooksRequest,
  listWebhooksResponse,
  okResponse,
  resendDeliveryRequest,
  updateWebhookRequest,
  webhookRequest,
  webhookResponse,
} from '../webhooks.ts';

/** Every webhook call needs 'configure' on the dialog; API keys need the 'manage' scope. */
const webhookCall = postGroup('webhooks', { dialog: 'configure', keyScope: 'manage' });
const RULES =
  "Needs the 'configure' capability on the dialog. Addresses must be https and must not resolve to " +
  'private, loopback or link-local networks (400) unless the operator allows it (WEBHOOK_ALLOW_PRIVATE).';
const notFound = apiErrors(404);

/** A dialog's webhooks (issue 22): contract/webhooks.ts documents the events and their payloads. */
export const webhookEndpoints = {
  listWebhooks: webhookCall({
    path: '/api/list_webhooks',
    summary: "A dialog's webhooks (never their secrets)",
    body: listWebhooksRequest,
    response: listWebhooksResponse,
  }),
  createWebhook: webhookCall({
    path: '/api/create_webhook',
    summary: 'Add a webhook to a dialog; its signing secret is in this answer only',
    description: RULES,
    body: createWebhookRequest,
    response: createWebhookResponse,
  }),
  updateWebhook: webhookCall({
    path: '/api/update_webhook',
    summary: "Change a webhook's address or events, or switch it on or off",
    description: RULES,
    body: updateWebhookRequest,
    response: webhookResponse,
    errors: notFound,
  }),
  deleteWebhook: webhookCall({
    path: '/api/delete_webhook',
    summary: 'Remove a webhook with its delivery log and undelivered events',
    body: webhookRequest,
    response: okResponse,
    errors: notFound,
  }),
  webhookDeliveries: webhookCall({
    path: '/api/webhook_deliveries',
    summary: "A webhook's delivery log, newest first (the last 100)",
    body: deliveriesRequest,
    response: deliveriesResponse,
    errors: notFound,
  }),
  resendWebhookDelivery: webhookCall({
    path: '/api/resend_webhook_delivery',
    summary: "'Erneut senden': queue a delivery's event again (same webhook-id) for its next attempt now",
    body: resendDeliveryRequest,
    response: deliveryResponse,
    errors: notFound,
  }),
  testWebhook: webhookCall({
    path: '/api/test_webhook',
    summary: "'Test senden': queue a webhook.test event to the webhook",
    body: webhookRequest,
    response: deliveryResponse,
    errors: notFound,
  }),
};
