import type { BoardDetail, Card } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { errorResponse } from '../../../testing/fetch-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { boardResponse, buildBoardDetail, changeAnswer, committed } from '../board-fixtures';

const TOKEN = 'T'.repeat(43);

/** The board with card c1 open, deleted from its ACTIONS; the delete answers an undo token. */
async function deleteCardC1(undo: (card: Card) => Response | unknown) {
  signIn();
  const board: BoardDetail = buildBoardDetail();
  const card = board.lists[0]!.cards[0]! as Card;
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    'GET /api/cards/c1/attachments': [],
    'DELETE /api/cards/c1': changeAnswer(
      { type: 'card.deleted', payload: { _id: 'c1', listId: 'todo' } },
      { message: 'Card deleted', _id: 'c1', undoToken: TOKEN },
    ),
    [`POST /api/undo/${TOKEN}`]: () => undo(card),
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Card c1' });
  await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Card c1/ })).not.toBeInTheDocument());
  return { api, ...view };
}

beforeAll(() => import('./board-page'), 30_000);

describe('Deleted — Undo (docs/api.md, "Undo")', () => {
  it('offers Undo politely for 10 s after a card delete; Undo puts the card back in its place', async () => {
    // The undo answers the event that puts the card back, as its data and as the committed event.
    const { api, user } = await deleteCardC1((card) =>
      committed(
        { type: 'card.created', payload: card },
        { boardId: 'b1', kind: 'card', type: 'card.created', payload: card },
      ),
    );
    const toast = (await screen.findByText('Deleted')).closest<HTMLElement>('[role=status]')!;
    expect(toast).toHaveTextContent('Deleted');
    const undo = within(toast).getByRole('button', { name: 'Undo' });
    undo.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('button', { name: /^Card c1/ })).toBeInTheDocument();
    expect(api.calls(`POST /api/undo/${TOKEN}`)).toHaveLength(1);
    const todo = screen.getByRole('region', { name: /To Do/ });
    expect(within(todo).getAllByRole('button', { name: /^Card c/ })[0]).toHaveAccessibleName(/^Card c1/);
  });

  it("shows the server's message when the undo is refused", async () => {
    await deleteCardC1(() => errorResponse(410, 'The time to undo this deletion has passed.'));
    const toast = (await screen.findByText('Deleted')).closest<HTMLElement>('[role=status]')!;
    await within(toast).getByRole('button', { name: 'Undo' }).click();
    expect(
      await screen.findByText('Could not undo: The time to undo this deletion has passed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Card c1/ })).not.toBeInTheDocument();
  });
});
