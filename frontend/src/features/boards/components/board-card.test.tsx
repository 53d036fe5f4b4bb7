import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIMITS, type BoardSummary } from '@papan/shared';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

type User = ReturnType<typeof renderApp>['user'];

function setup(board: BoardSummary = buildBoard({ _id: 'b-1', title: 'Roadmap' })) {
  signIn();
  const api = stubApi({
    'GET /api/boards': [board],
    'PUT /api/boards/b-1': (request: StubRequest) => ({ ...board, ...(request.body as object) }),
    'PUT /api/boards/b-1/toggle-pin': { _id: 'b-1', isPinned: !board.isPinned },
    'PUT /api/boards/b-1/archive': { ...board, isArchived: true },
    'DELETE /api/boards/b-1/permanent': { message: 'Board deleted', _id: 'b-1' },
  });
  return { api, ...renderApp('/projects') };
}

async function choose(user: User, item: string) {
  await user.click(await screen.findByRole('button', { name: 'Board actions for Roadmap' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

describe('BoardCard', () => {
  it('links the title to the board and shows owner, member count and Pinned', async () => {
    const board = buildBoard({ _id: 'b-1', title: 'Roadmap', isPinned: true });
    setup({ ...board, members: [board.members[0]!, { ...board.members[0]!, _id: 'user-2' }] });

    expect(await screen.findByRole('link', { name: 'Roadmap' })).toHaveAttribute('href', '/board/b-1');
    expect(screen.getByText('Pinned')).toBeInTheDocument();
    expect(screen.getByText('Owner: Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
  });

  it('falls back to "Unknown" for the owner and 1 for the member count', async () => {
    setup({ ...buildBoard({ _id: 'b-1' }), ownerId: null as never, members: undefined as never });

    expect(await screen.findByText('Owner: Unknown')).toBeInTheDocument();
    expect(screen.getByText('1 member')).toBeInTheDocument();
  });

  describe('title editing', () => {
    it('saves a new title on Enter and refreshes the list', async () => {
      const { user, api } = setup();
      await choose(user, 'Edit title');
      const input = screen.getByRole('textbox', { name: 'Board title' });

      await user.clear(input);
      await user.type(input, '  Roadmap 2026 {Enter}');

      expect(api.calls('PUT /api/boards/b-1').map((call) => call.body)).toEqual([{ title: 'Roadmap 2026' }]);
      expect(screen.queryByRole('textbox', { name: 'Board title' })).not.toBeInTheDocument();
      await waitFor(() => expect(api.calls('GET /api/boards')).toHaveLength(2));
    });

    it('saves when the field loses focus', async () => {
      const { user, api } = setup();
      await choose(user, 'Edit title');

      await user.type(screen.getByRole('textbox', { name: 'Board title' }), ' v2');
      await user.click(document.body);

      expect(api.calls('PUT /api/boards/b-1').map((call) => call.body)).toEqual([{ title: 'Roadmap v2' }]);
    });

    it.each([
      ['an empty title', '{Control>}a{/Control}{Backspace}{Enter}'],
      ['an unchanged title', '{Enter}'],
      ['whitespace only', '{Control>}a{/Control}{Backspace}   {Enter}'],
    ])('ignores %s and closes the editor', async (_case, keys) => {
      const { user, api } = setup();
      await choose(user, 'Edit title');

      await user.type(screen.getByRole('textbox', { name: 'Board title' }), keys);

      expect(screen.queryByRole('textbox', { name: 'Board title' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Roadmap' })).toBeInTheDocument();
      expect(api.calls('PUT /api/boards/b-1')).toHaveLength(0);
    });

    it('ignores a title longer than the server takes (updateBoardSchema)', async () => {
      const { user, api } = setup();
      await choose(user, 'Edit title');
      const input = screen.getByRole('textbox', { name: 'Board title' });

      // The field's maxLength stops typing at the limit; a paste by script does not.
      fireEvent.change(input, { target: { value: 'x'.repeat(LIMITS.title + 1) } });
      await user.type(input, '{Enter}');

      expect(screen.queryByRole('textbox', { name: 'Board title' })).not.toBeInTheDocument();
      expect(api.calls('PUT /api/boards/b-1')).toHaveLength(0);
    });

    it('cancels on Escape, even after typing', async () => {
      const { user, api } = setup();
      await choose(user, 'Edit title');

      await user.type(screen.getByRole('textbox', { name: 'Board title' }), ' changed{Escape}');

      expect(screen.queryByRole('textbox', { name: 'Board title' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Roadmap' })).toBeInTheDocument();
      expect(api.calls('PUT /api/boards/b-1')).toHaveLength(0);
    });
  });

  it('pins and unpins through toggle-pin', async () => {
    const { user, api } = setup();

    await choose(user, 'Pin board');

    expect(api.calls('PUT /api/boards/b-1/toggle-pin')).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/boards')).toHaveLength(2));
  });

  it('archives only after confirming "Archive board "Roadmap"?"', async () => {
    const { user, api } = setup();

    await choose(user, 'Archive');
    const dialog = screen.getByRole('dialog', { name: 'Archive board "Roadmap"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('PUT /api/boards/b-1/archive')).toHaveLength(0);

    await choose(user, 'Archive');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Archive board "Roadmap"?' })).getByRole('button', {
        name: 'Archive',
      }),
    );
    expect(api.calls('PUT /api/boards/b-1/archive')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes only after confirming "Delete board "Roadmap" permanently?"', async () => {
    const { user, api } = setup();

    await choose(user, 'Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete board "Roadmap" permanently?' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/boards/b-1/permanent')).toHaveLength(0);

    await choose(user, 'Delete');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete board "Roadmap" permanently?' })).getByRole(
        'button',
        {
          name: 'Delete',
        },
      ),
    );
    expect(api.calls('DELETE /api/boards/b-1/permanent')).toHaveLength(1);
  });
});
