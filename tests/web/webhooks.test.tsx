import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VerifyData } from '../../contract/api/session';
import type {
  Webhook,
  WebhookCreateBody,
  WebhookDelivery,
  WebhookUpdateBody,
} from '../../contract/api/webhooks';
import { resetBrowserState } from './fixtures';
import { server } from './msw';
import { renderRoute } from './renderApp';
import { serveSettingsPage, settingsOwner } from './settingsPage';

const owner = (): VerifyData => settingsOwner();

const HOOK: Webhook = {
  id: 7,
  url: 'https://hr.example.com/storeline',
  events: ['person.created', 'person.disabled'],
  enabled: true,
  paused_at: null,
  last_success_at: '2030-03-04T09:00:00.000Z',
  failing_since: null,
  created_at: '2030-03-01T09:00:00.000Z',
};

const DELIVERY: WebhookDelivery = {
  id: 41,
  event: 'person.created',
  event_id: '6a1f3c1e-0000-4000-8000-000000000001',
  status: 'pending',
  created_at: '2030-03-04T09:00:00.000Z',
  attempts: 2,
  last_attempt_at: '2030-03-04T09:02:00.000Z',
  response_status: 500,
  error: 'The receiver answered HTTP 500.',
  next_attempt_at: '2030-03-04T09:06:00.000Z',
};

function serve(hooks: Webhook[]) {
  serveSettingsPage();
  server.use(http.get('*/api/webhook/list', () => HttpResponse.json({ status: 200, data: { data: hooks } })));
}

describe('webhooks card', () => {
  beforeEach(() => {
    resetBrowserState();
  });

  it('creates a webhook with grouped events and shows its secret once', async () => {
    const hooks: Webhook[] = [];
    serve(hooks);
    const sent: WebhookCreateBody[] = [];
    server.use(
      http.post('*/api/webhook/create', async ({ request }) => {
        const body = (await request.json()) as WebhookCreateBody;
        sent.push(body);
        const made = { ...HOOK, id: 8, url: body.url, events: body.events };
        hooks.push(made);
        return HttpResponse.json({ status: 200, data: { ...made, secret: 'whsec_shown_once' } });
      }),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('webhooks-settings');
    expect(await within(card).findByText(/No webhooks yet/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const url = within(dialog).getByRole('textbox', { name: /Address/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://bi.example.com/hooks');
    // Without an event it asks for one, and sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText('Choose at least one event')).toBeInTheDocument();
    expect(sent).toEqual([]);
    const tasks = within(dialog).getByRole('group', { name: 'Tasks' });
    await userEvent.click(within(tasks).getByRole('checkbox', { name: 'Task published' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Import finished' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'The webhook’s signing secret' });
    expect(within(secret).getByTestId('webhook-secret')).toHaveTextContent('whsec_shown_once');
    expect(sent).toEqual([
      { url: 'https://bi.example.com/hooks', events: ['task.published', 'import.finished'] },
    ]);
    await userEvent.click(within(secret).getByRole('button', { name: 'I have kept it' }));
    expect(await within(card).findByText('https://bi.example.com/hooks')).toBeInTheDocument();
    expect(screen.queryByText('whsec_shown_once')).not.toBeInTheDocument();
  });

  it('puts an address the server refuses on its field', async () => {
    serve([]);
    const refusal =
      'The address points at 10.0.0.1, which is not a public internet address. Webhooks are sent only to public addresses.';
    server.use(
      http.post('*/api/webhook/create', () =>
        HttpResponse.json({ status: 400, message: refusal, errors: { url: refusal } }, { status: 400 }),
      ),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('webhooks-settings');
    await userEvent.click(await within(card).findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const url = within(dialog).getByRole('textbox', { name: /Address/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://10.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Person created' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('switches a webhook off, shows its delivery log, sends one again and deletes it after asking', async () => {
    serve([HOOK]);
    const updates: WebhookUpdateBody[] = [];
    const redelivered: unknown[] = [];
    let deleted: string | null = null;
    server.use(
      http.put('*/api/webhook/update', async ({ request }) => {
        const body = (await request.json()) as WebhookUpdateBody;
        updates.push(body);
        return HttpResponse.json({ status: 200, data: { ...HOOK, ...body } });
      }),
      http.get('*/api/webhook/deliveries', () =>
        HttpResponse.json({ status: 200, data: { data: [DELIVERY] } }),
      ),
      http.post('*/api/webhook/redeliver', async ({ request }) => {
        redelivered.push(await request.json());
        return HttpResponse.json({ status: 200, data: { ...DELIVERY, id: 42, attempts: 0 } });
      }),
      http.delete('*/api/webhook/delete', ({ request }) => {
        deleted = new URL(request.url).searchParams.get('id');
        return HttpResponse.json({ status: 200, data: { id: HOOK.id } });
      }),
    );
    renderRoute('/settings', owner());
    const card = await screen.findByTestId('webhooks-settings');
    const row = await within(card).findByTestId('webhook-row');
    expect(within(row).getByText('Person created, Person disabled')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('switch', { name: 'On' }));
    expect(updates).toEqual([{ id: HOOK.id, enabled: false }]);

    await userEvent.click(within(row).getByRole('button', { name: `Deliveries to ${HOOK.url}` }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries' });
    const delivery = await within(log).findByTestId('webhook-delivery');
    expect(delivery).toHaveTextContent('Waiting');
    expect(delivery).toHaveTextContent('2 attempts');
    expect(delivery).toHaveTextContent('answer 500');
    expect(delivery).toHaveTextContent('The receiver answered HTTP 500.');
    await userEvent.click(within(delivery).getByRole('button', { name: /Send again/ }));
    expect(await screen.findByText('It will be sent again shortly')).toBeInTheDocument();
    expect(redelivered).toEqual([{ delivery_id: DELIVERY.id }]);
    await userEvent.click(within(log).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(row).getByRole('button', { name: `Delete ${HOOK.url}` }));
    expect(await screen.findByText(/Nothing more is sent to/)).toBeInTheDocument();
    expect(deleted).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(deleted).toBe(String(HOOK.id));
  });
});
