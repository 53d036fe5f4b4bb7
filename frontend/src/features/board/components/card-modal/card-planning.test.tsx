import type { BoardDetail } from '@papan/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer, type StubRequest } from '../../../../testing/api-stub';
import { lastSocket } from '../../../../testing/fake-socket-io';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import { ada, boardResponse, buildBoardDetail, buildCard, changeAnswer, grace } from '../../board-fixtures';

const board = (): BoardDetail => buildBoardDetail({ members: [ada, grace] });
const cardFace = () => screen.getAllByRole('button', { name: /^Card c1/, hidden: true })[0]!;

async function openCard(routes: Record<string, StubAnswer> = {}, detail = board()) {
  signIn();
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(detail),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Card c1' });
  return { api, dialog, ...view };
}

beforeAll(() => import('../board-page'), 30_000);

describe('due dates in the card detail and on the card', () => {
  it('sets a due date with the keyboard-ready field, shows it, and marks it complete', async () => {
    const due = new Date('2030-05-01T09:30').toISOString();
    const { api, dialog, user } = await openCard({
      'PUT /api/cards/c1': changeAnswer((request: StubRequest) => ({
        type: 'card.updated',
        payload: buildCard('c1', 'todo', 1024, {
          dueAt: due,
          dueComplete: (request.body as { dueComplete?: boolean }).dueComplete ?? false,
        }),
      })),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Dates' }));
    const picker = within(dialog).getByRole('dialog', { name: 'Due date' });
    const field = within(picker).getByLabelText('Due date and time');
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: '2030-05-01T09:30' } });
    await user.click(within(picker).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.calls('PUT /api/cards/c1')[0]?.body).toEqual({ dueAt: due }));
    const section = await within(dialog).findByRole('region', { name: 'Due date' });
    expect(within(section).getByText(/Due: May 1, 2030/)).toBeInTheDocument();
    expect(within(cardFace()).getByText('May 1, 2030')).toBeInTheDocument();

    await user.click(within(section).getByRole('checkbox', { name: 'Complete' }));
    await waitFor(() => expect(api.calls('PUT /api/cards/c1')[1]?.body).toEqual({ dueComplete: true }));
    await waitFor(() =>
      expect(cardFace().querySelector('[data-due-status]')).toHaveAttribute('data-due-status', 'complete'),
    );
  });

  it('shows an overdue card red and a card due within a day amber', async () => {
    const detail = board();
    detail.lists[0]!.cards[0]!.dueAt = new Date(Date.now() - 3_600_000).toISOString();
    detail.lists[0]!.cards[1]!.dueAt = new Date(Date.now() + 3_600_000).toISOString();
    signIn();
    stubApi({ 'GET /api/boards/b1': () => boardResponse(detail) });
    renderApp('/board/b1');
    const overdue = await screen.findByRole('button', { name: /^Card c1/ });
    expect(overdue.querySelector('[data-due-status]')).toHaveAttribute('data-due-status', 'overdue');
    expect(within(overdue).getByText(/^Overdue: /)).toHaveClass('sr-only');
    const soon = screen.getByRole('button', { name: /^Card c2/ });
    expect(soon.querySelector('[data-due-status]')).toHaveAttribute('data-due-status', 'soon');
  });
});

describe('card members', () => {
  it('finds a board member by name, puts them on the card, and the card shows them', async () => {
    const { api, dialog, user } = await openCard({
      'POST /api/cards/c1/members': changeAnswer(
        { type: 'card.memberAdded', payload: { cardId: 'c1', userId: grace._id } },
        { ...buildCard('c1', 'todo', 1024), memberIds: [grace._id] },
      ),
    });

    await user.click(within(dialog).getByRole('button', { name: 'Members' }));
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search members' }), 'gra');
    expect(within(dialog).queryByRole('checkbox', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Grace Hopper' }));

    await waitFor(() =>
      expect(api.calls('POST /api/cards/c1/members')[0]?.body).toEqual({ userId: grace._id }),
    );
    const members = await within(dialog).findByRole('region', { name: 'Members' });
    expect(within(members).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(cardFace()).getByText('On this card: Grace Hopper')).toBeInTheDocument();
  });

  it("follows another member's change live", async () => {
    signIn();
    stubApi({ 'GET /api/boards/b1': () => boardResponse(board()) });
    renderApp('/board/b1');
    await screen.findByRole('button', { name: /^Card c1/ });
    act(() =>
      lastSocket()?.serverEmit('board:event', {
        boardId: 'b1',
        version: 4,
        type: 'card.memberAdded',
        actorId: grace._id,
        payload: { cardId: 'c1', userId: ada._id },
      }),
    );
    expect(within(cardFace()).getByText('On this card: Ada Lovelace')).toBeInTheDocument();
  });
});
