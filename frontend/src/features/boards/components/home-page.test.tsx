import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { lastSocket } from '../../../testing/fake-socket-io';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const titles = ['Roadmap', 'Marketing plan', 'Hiring', 'Design system', 'Road trip', 'Budget'];

describe('HomePage', () => {
  it('shows at most the first 4 boards and links to /projects for the rest', async () => {
    signIn();
    stubApi({ 'GET /api/boards': titles.map((title) => buildBoard({ title })) });
    renderApp('/');

    const list = await screen.findByRole('list', { name: 'Your boards' });
    const shown = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(shown).toEqual(['Roadmap', 'Marketing plan', 'Hiring', 'Design system']);
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/projects');
  });

  it('filters boards by title, ignoring case', async () => {
    signIn();
    stubApi({ 'GET /api/boards': titles.map((title) => buildBoard({ title })) });
    const { user } = renderApp('/');

    await user.type(await screen.findByRole('searchbox', { name: 'Search boards' }), 'ROAD');

    const list = screen.getByRole('list', { name: 'Your boards' });
    expect(
      within(list)
        .getAllByRole('link', { name: /Road/ })
        .map((link) => link.textContent),
    ).toEqual(['Roadmap', 'Road trip']);
  });

  it('says "No projects found matching" and the search text when nothing matches', async () => {
    signIn();
    stubApi({ 'GET /api/boards': [buildBoard({ title: 'Roadmap' })] });
    const { user } = renderApp('/');

    await user.type(await screen.findByRole('searchbox', { name: 'Search boards' }), 'zebra');

    expect(screen.getByText(/No projects found matching/)).toHaveTextContent(
      'No projects found matching "zebra"',
    );
    expect(screen.queryByRole('list', { name: 'Your boards' })).not.toBeInTheDocument();
  });

  it('offers to create the first board when there is none, and says "User" without a name', async () => {
    signIn({ name: ' ' });
    const { user } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, User!' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Create your first board' }));

    expect(screen.getByRole('dialog', { name: 'Create a new board' })).toBeInTheDocument();
  });

  it('opens the create-board dialog from both template cards', async () => {
    signIn();
    const { user } = renderApp('/');

    for (const name of [/Kanban board/, /Project tracker/]) {
      await user.click(await screen.findByRole('button', { name }));
      const dialog = screen.getByRole('dialog', { name: 'Create a new board' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(dialog).not.toBeInTheDocument();
    }
  });

  it('says "Failed to load projects." when the boards cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'GET /api/boards': errorResponse(500, 'boom') });
    renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects.');
  });

  it('reads the boards again after a change to a board arrived elsewhere (a rename on its screen)', async () => {
    signIn();
    let title = 'Roadmap';
    stubApi({ 'GET /api/boards': () => [buildBoard({ _id: 'b-1', title })] });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 3, name: 'Roadmap' })).toBeInTheDocument();
    await act(() => router.navigate('/activity'));

    title = 'Roadmap 2026';
    act(() =>
      lastSocket()?.serverEmit('board:event', {
        type: 'board.updated',
        boardId: 'b-1',
        version: 2,
        actorId: 'user-1',
        payload: { title, description: '', linkJoining: false },
      }),
    );
    await act(() => router.navigate('/'));

    expect(await screen.findByRole('heading', { level: 3, name: 'Roadmap 2026' })).toBeInTheDocument();
  });
});
