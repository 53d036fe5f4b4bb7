import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { lastSocket } from '../../../testing/fake-socket-io';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { BOARDS, signInAsAdmin, STATS } from './admin-fixtures';

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('BoardsPage', () => {
  it("lists every board with its owner, or 'N/A' / 'No email'", async () => {
    signInAsAdmin();
    stubApi({ 'GET /api/admin/boards': BOARDS });
    renderApp('/admin/boards');

    expect(await screen.findByRole('heading', { name: 'Global Board Management' })).toBeInTheDocument();
    const [roadmap, launch, orphan] = rows();
    expect(roadmap).toHaveTextContent('Roadmap');
    expect(roadmap).toHaveTextContent('Grace Hopper');
    expect(roadmap).toHaveTextContent('grace@navy.mil');
    expect(roadmap).toHaveTextContent('July 8, 2025');
    expect(launch).toHaveTextContent('Archived');
    expect(launch).toHaveTextContent('No email');
    expect(orphan).toHaveTextContent('N/A');
    expect(orphan).toHaveTextContent('No email');
  });

  it('searches title, owner name or owner e-mail, case-insensitively', async () => {
    signInAsAdmin();
    stubApi({ 'GET /api/admin/boards': BOARDS });
    const { user } = renderApp('/admin/boards');
    const search = await screen.findByRole('searchbox', { name: 'Search by title, owner name or email' });

    await user.type(search, 'LAUNCH');
    expect(await screen.findByText('1 of 3 boards found.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Launch plan');
    await user.clear(search);
    await user.type(search, 'turing');
    expect(await screen.findByText('1 of 3 boards found.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Launch plan');
    await user.clear(search);
    await user.type(search, 'navy.MIL');
    expect(await screen.findByText('1 of 3 boards found.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Roadmap');
  });

  it('confirms one board by title and several by count, then deletes and reads the list again', async () => {
    signInAsAdmin();
    let boards = BOARDS;
    const api = stubApi({
      'GET /api/admin/boards': () => boards,
      'DELETE /api/admin/boards': ({ body }: StubRequest) => {
        const ids = (body as { boardIds: string[] }).boardIds;
        boards = boards.filter((b) => !ids.includes(b._id));
        return { deletedCount: ids.length };
      },
    });
    const { user } = renderApp('/admin/boards');

    await user.click(await screen.findByRole('button', { name: 'Delete board: Roadmap' }));
    const one = screen.getByRole('dialog', { name: 'Delete Board: "Roadmap"?' });
    expect(one).toHaveTextContent('All lists and cards within will be deleted.');
    await user.click(within(one).getByRole('button', { name: 'Cancel' }));

    await user.type(screen.getByRole('searchbox'), 'a');
    await user.click(screen.getByRole('checkbox', { name: 'Select Roadmap' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Launch plan' }));
    await user.click(screen.getByRole('button', { name: 'Delete (2) Selected Boards' }));
    const many = screen.getByRole('dialog', { name: 'Delete 2 Boards?' });
    await user.click(within(many).getByRole('button', { name: 'Confirm Delete' }));

    await vi.waitFor(() => expect(api.calls('DELETE /api/admin/boards')).toHaveLength(1));
    expect(api.calls('DELETE /api/admin/boards')[0]!.body).toEqual({ boardIds: ['b-1', 'b-2'] });
    expect(await screen.findByText('1 of 1 boards found.')).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Orphan');
  });

  it('says "Failed to delete board." when the delete fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubApi({
      'GET /api/admin/boards': BOARDS,
      'DELETE /api/admin/boards/b-1': errorResponse(500, 'boom'),
    });
    const { user } = renderApp('/admin/boards');

    await user.click(await screen.findByRole('button', { name: 'Delete board: Roadmap' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByText('Failed to delete board.')).toBeInTheDocument();
    expect(screen.getByText('Roadmap')).toBeInTheDocument();
  });

  it('replaces the page with "Failed to load boards. Please try again later."', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAsAdmin();
    stubApi({ 'GET /api/admin/boards': errorResponse(500, 'boom') });
    renderApp('/admin/boards');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load boards. Please try again later.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads the list again when the pushed board count changes', async () => {
    signInAsAdmin();
    const api = stubApi({ 'GET /api/admin/boards': BOARDS });
    renderApp('/admin/boards');
    await screen.findByText('Roadmap');

    act(() => lastSocket()?.serverEmit('admin:stats', STATS));
    act(() => lastSocket()?.serverEmit('admin:stats', STATS));
    act(() => lastSocket()?.serverEmit('admin:stats', { ...STATS, boardCount: STATS.boardCount + 1 }));
    await vi.waitFor(() => expect(api.calls('GET /api/admin/boards')).toHaveLength(2));
  });
});

describe('the admin frame', () => {
  it('navigates between Dashboard, Global Management Board and Permissions, and logs out to /', async () => {
    signInAsAdmin();
    stubApi({ 'GET /api/admin/boards': BOARDS });
    const { user, router } = renderApp('/admin/boards');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });

    await user.click(within(nav).getByRole('link', { name: 'Permissions' }));
    expect(await screen.findByRole('heading', { name: 'Roles and Permissions' })).toBeInTheDocument();
    for (const role of ['Administrator', 'Owner', 'Member']) {
      expect(screen.getByRole('heading', { name: role })).toBeInTheDocument();
    }
    expect(screen.getByText('Cannot delete boards or remove other members.')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Global Management Board' })).toHaveAttribute(
      'href',
      '/admin/boards',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
