import { DEFAULT_LABELS, TIMINGS, type BoardDetail, type BoardEventBody } from '@papan/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../../../testing/api-stub';
import { lastSocket } from '../../../../testing/fake-socket-io';
import { signIn } from '../../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../../testing/fetch-stub';
import { renderApp } from '../../../../testing/render-app';
import {
  boardResponse,
  buildBoardDetail,
  buildChecklist,
  buildComment,
  buildLabel,
  buildList,
  changeAnswer,
  committed,
  grace,
} from '../../board-fixtures';

const defaults = DEFAULT_LABELS.map((label, index) => buildLabel(`d${index}`, label.name, true, label.color));
const customs = (count: number) =>
  Array.from({ length: count }, (_, i) => buildLabel(`x${i}`, `Custom ${i}`));

/** Board b1 whose card c1 (in To Do) has a checklist with 2 of 3 items done and an empty one. */
function boardWithChecklists(overrides: Partial<BoardDetail> = {}): BoardDetail {
  const board = buildBoardDetail(overrides);
  board.lists[0] = buildList('todo', 'To Do', ['c1', 'c2', 'c3']);
  board.lists[0].cards[0]!.checklists = [
    buildChecklist('k1', 'c1', [true, true, false], 'Launch'),
    buildChecklist('k2', 'c1', [], 'Later'),
  ];
  return board;
}

async function openCard(routes: Record<string, StubAnswer> = {}, board = boardWithChecklists()) {
  signIn();
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c1/comments': [],
    // The board read has each checklist's totals; the open card reads its items.
    'GET /api/cards/c1/checklists': board.lists.flatMap((l) => l.cards).find((c) => c._id === 'c1')!
      .checklists,
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  const dialog = screen.getByRole('dialog', { name: 'Card c1' });
  return { api, dialog, ...view };
}

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('../board-page'), 30_000);

describe('CardDetailModal', () => {
  it('shows the list, the description placeholder and each checklist with its rounded progress', async () => {
    const { dialog } = await openCard();

    expect(dialog).toHaveAccessibleDescription('in list To Do');
    expect(within(dialog).getByText('No description provided. Click to add one...')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: '67% of Launch completed' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );
    expect(within(dialog).getByRole('progressbar', { name: '0% of Later completed' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    expect(within(dialog).getByText('ADD TO CARD')).toBeInTheDocument();
    expect(within(dialog).getByText('ACTIONS')).toBeInTheDocument();
  });

  it('ticks an item and the percentage follows', async () => {
    const item = { _id: 'k1-item-2', checklistId: 'k1', text: 'Item 3', isCompleted: true, revision: 2 };
    const { api, dialog, user } = await openCard({
      'PUT /api/checklists/k1/items/k1-item-2': changeAnswer(
        {
          type: 'checklistItem.updated',
          payload: { ...item, cardId: 'c1', progress: { total: 3, done: 3 } },
        },
        item,
      ),
    });

    await user.click(within(dialog).getByRole('checkbox', { name: 'Item 3' }));

    expect(
      await within(dialog).findByRole('progressbar', { name: '100% of Launch completed' }),
    ).toBeInTheDocument();
    expect(api.calls('PUT /api/checklists/k1/items/k1-item-2')[0]?.body).toEqual({ isCompleted: true });
    // The card on the board shows the checklist's totals the server's event carries.
    expect(screen.getAllByRole('button', { name: /^Card c1/, hidden: true })[0]).toHaveTextContent('3/3');
  });

  it("reads the open card's items, and follows another member's ticks in them and on the board", async () => {
    const { api, dialog } = await openCard();
    expect(api.calls('GET /api/cards/c1/checklists')).toHaveLength(1);
    const card = screen.getAllByRole('button', { name: /^Card c1/, hidden: true })[0];
    expect(card).toHaveTextContent('2/3');

    act(() =>
      lastSocket()?.serverEmit('board:event', {
        boardId: 'b1',
        version: 4,
        type: 'checklistItem.updated',
        actorId: grace._id,
        payload: {
          _id: 'k1-item-0',
          checklistId: 'k1',
          cardId: 'c1',
          text: 'Item 1',
          isCompleted: false,
          progress: { total: 3, done: 1 },
        },
      }),
    );

    expect(within(dialog).getByRole('checkbox', { name: 'Item 1' })).not.toBeChecked();
    expect(within(dialog).getByRole('progressbar', { name: '33% of Launch completed' })).toBeInTheDocument();
    expect(card).toHaveTextContent('1/3');
  });

  it('asks before deleting a checklist', async () => {
    const { api, dialog, user } = await openCard({
      'DELETE /api/checklists/k2': changeAnswer(
        { type: 'checklist.deleted', payload: { _id: 'k2', cardId: 'c1' } },
        { message: 'deleted', _id: 'k2' },
      ),
    });

    const later = within(dialog).getByRole('region', { name: 'Later' });
    await user.click(within(later).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Checklist' });
    expect(confirm).toHaveTextContent('Are you sure you want to permanently delete the checklist "Later"?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: 'Later' })).not.toBeInTheDocument(),
    );
    expect(api.calls('DELETE /api/checklists/k2')).toHaveLength(1);
  });

  it('offers to create a label below the limit, and says so at 10 custom labels', async () => {
    const below = await openCard({}, boardWithChecklists({ labels: [...defaults, ...customs(9)] }));
    await below.user.click(within(below.dialog).getByRole('button', { name: 'Labels' }));
    const picker = screen.getByRole('dialog', { name: 'Labels' });
    expect(within(picker).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(within(picker).getByRole('radio', { name: 'Color #7dd3fc' })).toBeChecked();
    expect(within(picker).getAllByRole('radio')).toHaveLength(12);
    below.unmount();

    const full = await openCard({}, boardWithChecklists({ labels: [...defaults, ...customs(10)] }));
    await full.user.click(within(full.dialog).getByRole('button', { name: 'Labels' }));
    const limited = screen.getByRole('dialog', { name: 'Labels' });
    expect(within(limited).getByText('You have reached the limit of 10 custom labels.')).toBeInTheDocument();
    expect(within(limited).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('puts a label on the card from the picker', async () => {
    const board = boardWithChecklists({ labels: defaults });
    const labelled = { ...board.lists[0]!.cards[0]!, labels: [defaults[1]!] };
    const { api, dialog, user } = await openCard(
      {
        'POST /api/cards/c1/labels': changeAnswer(
          { type: 'card.labelAdded', payload: { cardId: 'c1', label: defaults[1]! } },
          labelled,
        ),
      },
      board,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Labels' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Labels' })).getByRole('checkbox', { name: 'Bug' }),
    );

    // The change goes through the outbox: stored first, then sent.
    await waitFor(() => expect(api.calls('POST /api/cards/c1/labels')[0]?.body).toEqual({ labelId: 'd1' }));
    await waitFor(() => expect(within(dialog).getAllByText('Bug')).toHaveLength(2));
  });

  it('keeps Save disabled while the comment is empty or whitespace', async () => {
    const { dialog, user } = await openCard();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '   ');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Looks good');
    expect(save).toBeEnabled();
  });

  it('keeps the next comment typed while the last one is being sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { dialog, user } = await openCard({
      'POST /api/cards/c1/comments': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const box = within(dialog).getByRole('textbox', { name: 'Comment' });
    await user.type(box, 'First');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled());
    await user.clear(box);
    await user.type(box, 'Second');
    const posted = buildComment('m9', 'First');
    answer(jsonResponse(201, committed({ type: 'comment.created', payload: posted } as BoardEventBody)));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(box).toHaveValue('Second');
  });

  it('shows Edit and Delete only on the own comments, with relative times', async () => {
    const { api, dialog, user } = await openCard({
      'GET /api/cards/c1/comments': [buildComment('m1', 'Mine'), buildComment('m2', 'Hers', grace)],
      'PUT /api/comments/m1': buildComment('m1', 'Mine, edited'),
      'DELETE /api/comments/m1': { _id: 'm1' },
    });

    const mine = (await within(dialog).findByText('Mine')).closest('li')!;
    const hers = within(dialog).getByText('Hers').closest('li')!;
    expect(within(hers).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(hers).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(hers).toHaveTextContent('5 minutes ago');

    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const editor = within(mine).getByRole('textbox', { name: 'Edit comment' });
    await user.clear(editor);
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(api.calls('PUT /api/comments/m1')).toHaveLength(0);
    await user.type(editor, 'Mine, edited');
    await user.click(within(mine).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Mine, edited')).toBeInTheDocument();

    const edited = within(dialog).getByText('Mine, edited').closest('li')!;
    await user.click(within(edited).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete comment' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this comment?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByText('Mine, edited')).not.toBeInTheDocument());
  });

  it("says 'Failed to load comments' when they cannot be read", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog } = await openCard({ 'GET /api/cards/c1/comments': errorResponse(500, 'boom') });

    expect(await within(dialog).findByText('Failed to load comments')).toBeInTheDocument();
  });

  it("keeps the modal open and says 'Failed to copy card.' when a copy fails; closes after a delete", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, user } = await openCard({
      'POST /api/cards/c1/copy': errorResponse(500, 'boom'),
      'DELETE /api/cards/c1': changeAnswer(
        { type: 'card.deleted', payload: { _id: 'c1', listId: 'todo' } },
        { message: 'deleted', _id: 'c1' },
      ),
    });

    const actions = within(dialog).getByRole('region', { name: 'ACTIONS' });
    await user.click(within(actions).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy card.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Card c1/ })).not.toBeInTheDocument();
  });

  it('closes 50 ms after a click on the backdrop', async () => {
    const { dialog } = await openCard();
    vi.useFakeTimers();

    fireEvent.mouseDown(dialog.parentElement!);
    act(() => vi.advanceTimersByTime(TIMINGS.cardModalCloseDelayMs - 1));
    expect(dialog).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(dialog).not.toBeInTheDocument();
  });

  it('follows the card in refreshed data and closes when it disappears', async () => {
    const { dialog } = await openCard();
    const event = (version: number, type: string, payload: unknown) => ({
      boardId: 'b1',
      version,
      type,
      actorId: grace._id,
      payload,
    });

    act(() =>
      lastSocket()?.serverEmit(
        'board:event',
        event(4, 'card.updated', { ...boardWithChecklists().lists[0]!.cards[0]!, title: 'Renamed by Grace' }),
      ),
    );
    expect(within(dialog).getByRole('heading', { name: 'Renamed by Grace' })).toBeInTheDocument();

    act(() =>
      lastSocket()?.serverEmit('board:event', event(5, 'card.deleted', { _id: 'c1', listId: 'todo' })),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});
