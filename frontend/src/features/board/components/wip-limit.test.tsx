import type { BoardDetail, List, WipMode } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { boardResponse, buildBoardDetail, buildLanesBoard, buildList, changeAnswer } from '../board-fixtures';

function setup(board: BoardDetail, routes: Record<string, StubAnswer> = {}) {
  signIn();
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(board), ...routes });
  return { api, ...renderApp('/board/b1') };
}

const limited = (list: List, wipLimit: number, wipMode: 'soft' | 'hard' = 'soft'): List => ({
  ...list,
  wipLimit,
  wipMode,
});

/** To Do (c1–c3) under a soft limit of 2, Done (c4) under a hard limit of 1. */
const limitedBoard = () =>
  buildBoardDetail({
    lists: [
      limited(buildList('todo', 'To Do', ['c1', 'c2', 'c3'], 1024), 2),
      limited(buildList('done', 'Done', ['c4'], 2048), 1, 'hard'),
    ],
  });

type WipBody = { wipLimit: number | null; wipMode: WipMode };

beforeAll(() => import('./board-page'), 30_000);

describe('WIP limits on the board (docs/lanes.md)', () => {
  it('shows count/limit in the header, red with a warning sign and words when over', async () => {
    setup(limitedBoard());
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    const over = within(screen.getByRole('region', { name: 'To Do' })).getByRole('img', {
      name: '3 of 2 cards: over the soft limit',
    });
    expect(over).toHaveTextContent('3/2');
    expect(over.className).toMatch(/text-red-800/);
    expect(over.querySelector('svg')).not.toBeNull();

    const full = within(screen.getByRole('region', { name: 'Done' })).getByRole('img', {
      name: '1 of 1 cards (hard limit)',
    });
    expect(full).toHaveTextContent('1/1');
    expect(full.className).not.toMatch(/red/);
    expect(full.querySelector('svg')).toBeNull();
  });

  it('counts a list’s cards in every lane on a board with lanes', async () => {
    const board = buildLanesBoard();
    board.lists[0] = limited(board.lists[0]!, 3);
    setup(board);
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    expect(screen.getByRole('img', { name: '4 of 3 cards: over the soft limit' })).toHaveTextContent('4/3');
  });

  it('sets a limit and its mode from the list menu; a number out of range is not sent', async () => {
    const { api, user } = setup(buildBoardDetail(), {
      'PUT /api/lists/todo': changeAnswer(({ body }) => ({
        type: 'list.updated',
        payload: {
          _id: 'todo',
          title: 'To Do',
          position: 1024,
          stage: null,
          revision: 2,
          ...(body as WipBody),
        },
      })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'List actions for To Do' }));
    await user.click(screen.getByRole('menuitem', { name: 'Set WIP limit' }));
    const dialog = screen.getByRole('dialog', { name: 'WIP limit: To Do' });
    const field = within(dialog).getByRole('spinbutton', { name: 'Most open cards in this list' });
    expect(within(dialog).getByRole('radio', { name: /Soft limit/ })).toBeChecked();

    await user.type(field, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Enter a whole number from 1 to 999, or leave it empty for no limit.'),
    ).toBeVisible();
    expect(api.calls('PUT /api/lists/todo')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '3');
    await user.click(within(dialog).getByRole('radio', { name: /Hard limit/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /api/lists/todo')[0]?.body).toEqual({ wipLimit: 3, wipMode: 'hard' });
    expect(screen.getByRole('img', { name: '3 of 3 cards (hard limit)' })).toHaveTextContent('3/3');
  });

  it('takes a limit off when the field is left empty', async () => {
    const { api, user } = setup(limitedBoard(), {
      'PUT /api/lists/todo': changeAnswer({
        type: 'list.updated',
        payload: {
          _id: 'todo',
          title: 'To Do',
          position: 1024,
          stage: null,
          wipLimit: null,
          wipMode: 'soft',
          revision: 2,
        },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'List actions for To Do' }));
    await user.click(screen.getByRole('menuitem', { name: 'Set WIP limit' }));
    const dialog = screen.getByRole('dialog', { name: 'WIP limit: To Do' });
    await user.clear(within(dialog).getByRole('spinbutton'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'To Do' })).getByLabelText('3 cards'),
      ).toBeInTheDocument(),
    );
    expect(api.calls('PUT /api/lists/todo')[0]?.body).toEqual({ wipLimit: null, wipMode: 'soft' });
  });

  it('says, in the reader’s language, that a card cannot be added to a list at its hard limit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(limitedBoard(), {
      'POST /api/lists/done/cards': errorResponse(409, 'The list "Done" is at its limit of 1 cards.'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    const done = screen.getByRole('region', { name: 'Done' });

    await user.click(within(done).getByRole('button', { name: 'Add a card' }));
    await user.type(within(done).getByRole('textbox', { name: 'Card title' }), 'One more{Enter}');

    expect(await screen.findByText('The list "Done" is at its limit of 1 card.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to create card.')).not.toBeInTheDocument();
    expect(within(done).getAllByRole('button', { name: /^Card c/ })).toHaveLength(1);
  });
});
