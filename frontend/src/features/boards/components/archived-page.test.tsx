import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const archived = buildBoard({
  _id: 'b-9',
  title: 'Old plan',
  isArchived: true,
  updatedAt: '2025-07-08T12:00:00Z',
});

describe('ArchivedPage', () => {
  it('lists archived boards with their "Archived on" date', async () => {
    signIn();
    stubApi({ 'GET /api/boards/archived': [archived] });
    renderApp('/archived');

    expect(await screen.findByRole('heading', { name: 'Old plan' })).toBeInTheDocument();
    expect(screen.getByText('Archived on July 8, 2025')).toBeInTheDocument();
  });

  it('asks the browser to confirm before deleting, and deletes nothing when refused', async () => {
    signIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const api = stubApi({ 'GET /api/boards/archived': [archived] });
    const { user } = renderApp('/archived');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(confirm).toHaveBeenCalledWith('This action is permanent and cannot be undone. Are you sure?');
    expect(api.calls('DELETE /api/boards/b-9/permanent')).toHaveLength(0);
  });

  it('deletes after the confirm, says so and refreshes the list', async () => {
    signIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let boards = [archived];
    const api = stubApi({
      'GET /api/boards/archived': () => boards,
      'DELETE /api/boards/b-9/permanent': () => {
        boards = [];
        return { message: 'deleted', _id: 'b-9' };
      },
    });
    const { user } = renderApp('/archived');

    await user.click(await screen.findByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Board permanently deleted.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing Here')).toBeInTheDocument();
    expect(api.calls('DELETE /api/boards/b-9/permanent')).toHaveLength(1);
  });

  it('restores a board, or says "Failed to restore board."', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    let fail = false;
    stubApi({
      'GET /api/boards/archived': [archived],
      'PUT /api/boards/b-9/unarchive': () => (fail ? errorResponse(500, 'boom') : archived),
    });
    const { user } = renderApp('/archived');

    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Board has been restored.')).toBeInTheDocument();

    fail = true;
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Failed to restore board.')).toBeInTheDocument();
  });

  it('shows "Nothing Here" when nothing is archived, and the load error otherwise', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const { unmount } = renderApp('/archived');
    expect(await screen.findByText('Nothing Here')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/boards/archived': errorResponse(500, 'boom') });
    renderApp('/archived');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load archived boards. Please try again later.',
    );
  });
});
