import type { Card } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail, buildCard, changeAnswer } from '../board-fixtures';

async function openBoard() {
  signIn({ _id: ada._id, name: ada.name });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    'POST /api/cards/c1/members': changeAnswer(
      { type: 'card.memberAdded', payload: { cardId: 'c1', userId: ada._id } },
      { ...buildCard('c1', 'todo', 1024), memberIds: [ada._id] } satisfies Card,
    ),
  });
  const view = renderApp('/board/b1');
  await screen.findByText('Card c1');
  return { api, ...view };
}

beforeAll(() => import('./board-page'), 30_000);

describe('board shortcuts (docs/product.md, "Board screen")', () => {
  it('? lists the shortcuts, in words; f goes to the filter; typing there is text, not shortcuts', async () => {
    const { user } = await openBoard();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByText('Filter the cards')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('f');
    const filter = screen.getByRole('searchbox', { name: 'Filter cards' });
    expect(filter).toHaveFocus();
    await user.keyboard('n?');
    expect(filter).toHaveValue('n?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('n opens the add-card form of the list that has focus', async () => {
    const { user } = await openBoard();
    const done = screen.getByRole('region', { name: 'Done' });
    within(done)
      .getByRole('button', { name: /^Card c4/ })
      .focus();
    await user.keyboard('n');
    expect(within(done).getByRole('textbox', { name: 'Card title' })).toHaveFocus();
  });

  it('l on a focused card opens it with its labels; Space puts the caller on it', async () => {
    const { api, user } = await openBoard();
    screen.getByRole('button', { name: /^Card c1/ }).focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(api.calls('POST /api/cards/c1/members')[0]?.body).toEqual({ userId: ada._id }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('l');
    const card = await screen.findByRole('dialog', { name: 'Card c1' });
    expect(await within(card).findByRole('dialog', { name: 'Labels' })).toBeInTheDocument();
  });
});
