import type { ApiToken, CreatedApiToken } from '@papan/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const SECRET = `papan_${'A'.repeat(43)}`;

/** As GET /api/tokens lists one (apiTokenSchema). */
const token = (over: Partial<ApiToken> = {}): ApiToken => ({
  _id: 't-1',
  name: 'Wallboard',
  scopes: ['boards:read'],
  boardIds: null,
  expiresAt: null,
  lastUsedAt: hourAgo(),
  createdAt: hourAgo(),
  ...over,
});

const BOARD = '0190f5a4-0000-7000-8000-000000000001';
const boards = [{ _id: BOARD, title: 'Roadmap' }];

describe('ApiTokensTab', () => {
  it('lists tokens with their scopes, boards and last use', async () => {
    signIn();
    stubApi({
      'GET /api/tokens': {
        tokens: [token(), token({ _id: 't-2', name: 'Script', lastUsedAt: null, boardIds: [BOARD] })],
      },
      'GET /api/boards': boards,
    });
    renderApp('/settings/tokens');

    const row = (await screen.findByText('Wallboard')).closest('li')!;
    expect(within(row).getByText('boards:read')).toBeInTheDocument();
    expect(within(row).getByText(/All your boards/)).toHaveTextContent('Last used about 1 hour ago');
    const other = screen.getByText('Script').closest('li')!;
    expect(within(other).getByText(/Boards: 1/)).toHaveTextContent('Never used');
  });

  it('creates a token with name, scopes, boards and expiry, and shows its secret once with a copy button', async () => {
    signIn();
    const user = userEvent.setup();
    const created: CreatedApiToken = {
      ...token({ _id: 't-9', name: 'TV', boardIds: [BOARD] }),
      token: SECRET,
    };
    let listed: ApiToken[] = [];
    const api = stubApi({
      'GET /api/tokens': () => ({ tokens: listed }),
      'GET /api/boards': boards,
      'POST /api/tokens': () => {
        listed = [token({ _id: 't-9', name: 'TV', lastUsedAt: null })];
        return jsonResponse(201, created);
      },
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderApp('/settings/tokens');

    await user.type(await screen.findByLabelText('Name'), 'TV');
    await user.click(screen.getByRole('checkbox', { name: /events:read/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Roadmap' }));
    fireEvent.change(screen.getByLabelText('Expiry date (optional)'), { target: { value: '2999-12-31' } });
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByTestId('new-token-secret')).toHaveTextContent(SECRET);
    expect(screen.getByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();
    const [post] = api.calls('POST /api/tokens');
    expect(post.body).toEqual({
      name: 'TV',
      scopes: ['boards:read', 'events:read'],
      boardIds: [BOARD],
      expiresAt: new Date('2999-12-31T23:59:59').toISOString(),
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('TV').length).toBeGreaterThan(0));
  });

  it('checks the form with the shared schema before sending anything', async () => {
    signIn();
    const user = userEvent.setup();
    const api = stubApi({ 'GET /api/tokens': { tokens: [] }, 'GET /api/boards': boards });
    renderApp('/settings/tokens');

    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Give the token a name of at most 100 characters.',
    );
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('checkbox', { name: /boards:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one scope.');
    expect(api.calls('POST /api/tokens')).toHaveLength(0);
  });

  it("shows the server's message when it refuses", async () => {
    signIn();
    const user = userEvent.setup();
    stubApi({
      'GET /api/tokens': { tokens: [] },
      'GET /api/boards': boards,
      'POST /api/tokens': errorResponse(400, 'boardIds: you are not a member of board b-1'),
    });
    renderApp('/settings/tokens');
    await user.type(await screen.findByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('boardIds: you are not a member of board b-1');
  });

  it('asks an account that has not proven its address to confirm it first (403), in its language', async () => {
    signIn();
    const user = userEvent.setup();
    stubApi({
      'GET /api/tokens': { tokens: [] },
      'GET /api/boards': boards,
      'POST /api/tokens': errorResponse(403, 'Confirm your e-mail address before creating API tokens.'),
    });
    renderApp('/settings/tokens');
    await user.type(await screen.findByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Confirm your e-mail address first: open the link we sent you, then create API tokens.',
    );
  });

  it('revokes a token and takes it off the list', async () => {
    signIn();
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/tokens': { tokens: [token()] },
      'GET /api/boards': boards,
      'DELETE /api/tokens/t-1': { message: 'Token has been revoked.' },
    });
    renderApp('/settings/tokens');
    await user.click(await screen.findByRole('button', { name: 'Revoke the token Wallboard' }));
    await waitFor(() => expect(screen.queryByText('Wallboard')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/tokens/t-1')).toHaveLength(1);
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
  });

  it('speaks Indonesian', async () => {
    signIn();
    await testI18n.changeLanguage('id');
    stubApi({ 'GET /api/tokens': { tokens: [] }, 'GET /api/boards': boards });
    renderApp('/settings/tokens');
    expect(await screen.findByText('Anda belum memiliki token API.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Token API' })).toHaveAttribute('aria-current', 'page');
  });
});
