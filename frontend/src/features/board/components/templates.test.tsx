import type { BoardDetail, Card } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { buildBoard, signIn } from '../../../testing/factories';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { useBoardStore } from '../store';
import { ada, boardResponse, buildBoardDetail, buildCard, buildLabel, changeAnswer } from '../board-fixtures';

/** Roadmap: To Do (c1, c2 and the template c3 "Bug report"), Done (c4). */
function templateBoard(): BoardDetail {
  const board = buildBoardDetail();
  const todo = board.lists[0]!;
  todo.cards[2] = buildCard('c3', todo._id, 3072, {
    title: 'Bug report',
    isTemplate: true,
    description: 'Steps',
    labels: [buildLabel('l1', 'Bug')],
  });
  return board;
}

function setup(path = '/board/b1', routes: Record<string, StubAnswer> = {}, board = templateBoard()) {
  signIn({ _id: ada._id, name: ada.name });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c3/comments': [],
    ...routes,
  });
  return { api, ...renderApp(path) };
}

const list = (title: string) => screen.getByRole('region', { name: title });

beforeAll(() => import('./board-page'), 30_000);

describe('template cards on the board (docs/product.md, "Templates")', () => {
  it('shows a Template badge on a template card and leaves it out of the list’s count', async () => {
    setup();
    const card = await screen.findByRole('button', { name: /^Template Bug report/ });
    expect(within(card).getByText('Template')).toBeInTheDocument();
    expect(within(list('To Do')).getByLabelText('2 cards')).toHaveTextContent('2');
  });

  it('leaves template cards out of the filter’s results', async () => {
    setup('/board/b1?q=Card');
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(screen.queryByRole('button', { name: /Bug report/ })).not.toBeInTheDocument();
    expect(within(list('To Do')).getByLabelText('2 cards')).toBeInTheDocument();
  });

  it('makes a card a template from its detail, and back', async () => {
    const board = templateBoard();
    const c1 = board.lists[0]!.cards[0]!;
    const { api, user } = setup('/board/b1', {
      'GET /api/cards/c1/comments': [],
      'GET /api/cards/c1/checklists': [],
      'PUT /api/cards/c1': changeAnswer((request) => ({
        type: 'card.updated',
        payload: { ...c1, ...(request.body as Partial<Card>) },
      })),
    });
    await user.click(await screen.findByRole('button', { name: /^Card c1/ }));
    const dialog = screen.getByRole('dialog', { name: 'Card c1' });
    await user.click(within(dialog).getByRole('button', { name: 'Make template' }));
    await waitFor(() => expect(api.calls('PUT /api/cards/c1')[0]?.body).toEqual({ isTemplate: true }));
    await user.click(await within(dialog).findByRole('button', { name: 'Not a template' }));
    await waitFor(() => expect(api.calls('PUT /api/cards/c1')[1]?.body).toEqual({ isTemplate: false }));
    expect(await within(dialog).findByRole('button', { name: 'Make template' })).toBeInTheDocument();
  });

  it('adds a card from a template in the composer, in one call naming the template', async () => {
    const made = buildCard('c9', 'done', 2048, { title: 'Bug report', description: 'Steps' });
    const { api, user } = setup('/board/b1', {
      'POST /api/lists/done/cards': changeAnswer({ type: 'card.created', payload: made }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    await user.click(within(list('Done')).getByRole('button', { name: 'Add a card' }));
    await user.click(within(list('Done')).getByRole('button', { name: 'From a template' }));
    const templates = within(list('Done')).getByRole('list', { name: 'Template cards' });
    expect(
      within(templates)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Bug report']);
    await user.click(within(templates).getByRole('button', { name: 'Bug report' }));
    await waitFor(() =>
      expect(api.calls('POST /api/lists/done/cards')[0]?.body).toEqual({ templateId: 'c3' }),
    );
    await waitFor(() =>
      expect(useBoardStore.getState().board?.lists[1]?.cards.map((c) => c._id)).toEqual(['c4', 'c9']),
    );
  });

  it('says so when the board has no template card yet', async () => {
    const { user } = setup('/board/b1', {}, buildBoardDetail());
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    await user.click(within(list('Done')).getByRole('button', { name: 'Add a card' }));
    await user.click(within(list('Done')).getByRole('button', { name: 'From a template' }));
    expect(within(list('Done')).getByText(/No template cards on this board yet/)).toBeInTheDocument();
  });
});

describe('Copy board and Use as template', () => {
  it('copies the board from its menu with the chosen cards and opens the copy', async () => {
    const copy = buildBoard({ _id: 'b2', title: 'Roadmap Q4' });
    const { api, user } = setup('/board/b1', {
      'POST /api/boards/b1/copy': () => jsonResponse(201, copy),
      'GET /api/boards/b2': () => boardResponse(buildBoardDetail({ _id: 'b2', title: 'Roadmap Q4' })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    await user.click(screen.getByRole('button', { name: 'Board menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy board' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy board' });
    const title = within(dialog).getByRole('textbox', { name: 'Title of the copy' });
    expect(title).toHaveValue('Roadmap (copy)');
    await user.clear(title);
    await user.type(title, 'Roadmap Q4');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Cards' }), 'All cards');
    await user.click(within(dialog).getByRole('button', { name: 'Copy board' }));
    await waitFor(() =>
      expect(api.calls('POST /api/boards/b1/copy')[0]?.body).toEqual({ title: 'Roadmap Q4', cards: 'all' }),
    );
    // The copy opens: its board is read and shown.
    expect(await screen.findByRole('heading', { level: 1, name: 'Roadmap Q4' })).toBeInTheDocument();
    expect(api.calls('GET /api/boards/b2')).not.toHaveLength(0);
  });

  it('keeps Copy board disabled without a title', async () => {
    const { api, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    await user.click(screen.getByRole('button', { name: 'Board menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy board' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy board' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title of the copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copy board' })).toBeDisabled();
    expect(api.calls('POST /api/boards/b1/copy')).toHaveLength(0);
  });

  it('lets the owner mark the board as a template in the Share panel', async () => {
    const board = templateBoard();
    const { _id, title, description, linkJoining } = board;
    const { api, user } = setup('/board/b1', {
      'GET /api/boards/b1/webhooks': [],
      'PUT /api/boards/b1': changeAnswer(
        {
          type: 'board.updated',
          payload: { title, description, linkJoining, isTemplate: true, revision: 2 },
        },
        buildBoard({ _id, title, isTemplate: true }),
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const panel = screen.getByRole('dialog', { name: 'Share Board' });
    const toggle = within(panel).getByRole('switch', { name: 'Use as template' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(api.calls('PUT /api/boards/b1')[0]?.body).toEqual({ isTemplate: true }));
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
