import type { Webhook, WebhookDelivery } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../../../../testing/api-stub';
import { signIn } from '../../../../../testing/factories';
import { jsonResponse } from '../../../../../testing/fetch-stub';
import { renderApp } from '../../../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail, grace } from '../../../board-fixtures';

const hook: Webhook = {
  _id: 'hook-1',
  url: 'https://example.com/hook',
  events: [],
  active: true,
  failures: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const delivery: WebhookDelivery = {
  _id: 'd-1',
  eventId: 'msg_1',
  type: 'card.created',
  attempt: 2,
  statusCode: 500,
  error: 'HTTP 500',
  durationMs: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function openShare(user: typeof ada, routes: Record<string, StubAnswer> = {}) {
  signIn({ _id: user._id, name: user.name, email: user.email });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(buildBoardDetail({ members: [ada, grace] })),
    'GET /api/boards/b1/webhooks': { webhooks: [hook] },
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: 'Share' }));
  return { api, panel: screen.getByRole('dialog', { name: 'Share Board' }), ...view };
}

beforeAll(() => import('../../board-page'), 30_000);

describe('WebhooksSection', () => {
  it('is shown to the owner only', async () => {
    const { api } = await openShare(grace);
    await screen.findByRole('heading', { name: /Members/ });
    expect(screen.queryByRole('heading', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(api.calls('GET /api/boards/b1/webhooks')).toHaveLength(0);
  });

  it('adds a webhook for chosen events and shows its secret once, with Copy', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { api, panel, user } = await openShare(ada, {
      'POST /api/boards/b1/webhooks': () =>
        jsonResponse(201, { ...hook, _id: 'hook-2', events: ['card.moved'], secret: 'whsec_c2VjcmV0' }),
    });
    const section = within(panel);
    await section.findByRole('heading', { name: 'Webhooks' });

    await user.type(section.getByRole('textbox', { name: 'Payload URL' }), 'https://example.com/new');
    await user.click(section.getByRole('checkbox', { name: 'All events' }));
    await user.click(section.getByRole('checkbox', { name: 'card.moved' }));
    await user.click(section.getByRole('button', { name: 'Add' }));

    const secret = await section.findByRole('textbox', { name: 'Signing secret' });
    expect(secret).toHaveValue('whsec_c2VjcmV0');
    expect(api.calls('POST /api/boards/b1/webhooks')[0]?.body).toEqual({
      url: 'https://example.com/new',
      events: ['card.moved'],
    });
    await user.click(within(secret.parentElement!).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    await user.click(section.getByRole('button', { name: 'I have saved it' }));
    expect(section.queryByRole('textbox', { name: 'Signing secret' })).not.toBeInTheDocument();
  });

  it('refuses an address that is not http(s) before sending', async () => {
    const { api, panel, user } = await openShare(ada);
    const section = within(panel);
    await user.type(await section.findByRole('textbox', { name: 'Payload URL' }), 'ftp://example.com');
    await user.click(section.getByRole('button', { name: 'Add' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Enter an http:// or https:// address');
    expect(api.calls('POST /api/boards/b1/webhooks')).toHaveLength(0);
  });

  it('turns a webhook off, sends a test, lists its deliveries and deletes it', async () => {
    const { api, panel, user } = await openShare(ada, {
      'PATCH /api/boards/b1/webhooks/hook-1': { ...hook, active: false },
      'POST /api/boards/b1/webhooks/hook-1/test': {
        ...delivery,
        type: 'webhook.test',
        statusCode: 204,
        error: null,
      },
      'GET /api/boards/b1/webhooks/hook-1/deliveries': { deliveries: [delivery] },
      'DELETE /api/boards/b1/webhooks/hook-1': { message: 'Webhook deleted' },
    });
    const section = within(panel);

    await user.click(await section.findByRole('checkbox', { name: 'Active: https://example.com/hook' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/boards/b1/webhooks/hook-1')[0]?.body).toEqual({ active: false }),
    );

    await user.click(section.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test delivered (204)')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Deliveries' }));
    const log = await section.findByRole('list', { name: 'Deliveries' });
    expect(log).toHaveTextContent('500');
    expect(log).toHaveTextContent('card.created');
    expect(log).toHaveTextContent('attempt 2');
    expect(log).toHaveTextContent('HTTP 500');

    await user.click(section.getByRole('button', { name: 'Delete webhook https://example.com/hook' }));
    await waitFor(() => expect(api.calls('DELETE /api/boards/b1/webhooks/hook-1')).toHaveLength(1));
  });
});
