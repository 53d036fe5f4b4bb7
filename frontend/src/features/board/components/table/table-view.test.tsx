import type { BoardField, BoardEventOf, Card } from '@papan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest } from '../../../../testing/api-stub';
import { lastSocket } from '../../../../testing/fake-socket-io';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import {
  boardResponse,
  buildBoardDetail,
  buildCard,
  buildList,
  changeAnswer,
  grace,
} from '../../board-fixtures';

// jsdom lays nothing out, so the virtualiser would draw no rows: here it draws them all.
vi.mock('@tanstack/react-virtual', () => ({
  defaultRangeExtractor: () => [],
  useVirtualizer: ({ count }: { count: number }) => ({
    getVirtualItems: () =>
      Array.from({ length: count }, (_, index) => ({ index, key: index, start: 40 + index * 40, size: 40 })),
    getTotalSize: () => count * 40,
    scrollToIndex: () => {},
  }),
}));

const points: BoardField = {
  _id: 'points',
  boardId: 'b1',
  name: 'Points',
  type: 'number',
  options: [],
  showOnCard: true,
  position: 0,
};
const cards: Card[] = [
  buildCard('c1', 'todo', 1024, { title: 'Write the brief', fields: { points: 5 } }),
  buildCard('c2', 'todo', 2048, { title: 'Book the venue', fields: { points: 8 } }),
  buildCard('c3', 'todo', 3072, { title: 'Print the flyers', fields: { points: 3 } }),
];

function setup(path = '/board/b1/table', routes: Record<string, unknown> = {}) {
  signIn();
  const todo = { ...buildList('todo', 'To Do', []), cards };
  const board = buildBoardDetail({ fields: [points], lists: [todo] });
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(board), ...routes });
  return { api, ...renderApp(path) };
}

/** The title column's texts, top to bottom. */
const titles = () =>
  within(screen.getByRole('grid', { name: 'Cards' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

beforeAll(() => import('./table-view'), 30_000);

describe('TableView', () => {
  it('sorts by a field with a header click, then descending, cards in board order before', async () => {
    const { user } = setup();
    await screen.findByRole('grid', { name: 'Cards' });
    expect(titles()).toEqual(['Write the brief', 'Book the venue', 'Print the flyers']);

    const header = screen.getByRole('columnheader', { name: 'Points' });
    await user.click(header);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['Print the flyers', 'Write the brief', 'Book the venue']);
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual(['Book the venue', 'Write the brief', 'Print the flyers']);
  });

  it('moves with the arrows, edits a field with Enter and sends only that field', async () => {
    const { api, user } = setup('/board/b1/table', {
      'PUT /api/cards/c1': changeAnswer((request: StubRequest) => ({
        type: 'card.updated',
        payload: { ...cards[0]!, fields: (request.body as { fields: Card['fields'] }).fields, revision: 2 },
      })),
    });
    await screen.findByRole('grid', { name: 'Cards' });
    await user.click(screen.getAllByRole('gridcell', { name: /^Write the brief/ })[0]!);
    const column = Number(screen.getByRole('columnheader', { name: 'Points' }).getAttribute('aria-colindex'));
    for (let i = 1; i < column; i++) await user.keyboard('{ArrowRight}');
    // The focus moves on the next frame (the row may first have to be scrolled into view).
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-colindex', String(column)));

    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox', { name: 'Points of Write the brief' });
    await user.clear(input);
    await user.type(input, 'lots{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a number');
    expect(api.calls('PUT /api/cards/c1')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, '13{Enter}');

    await waitFor(() => expect(api.calls('PUT /api/cards/c1')).toHaveLength(1));
    const [request] = api.calls('PUT /api/cards/c1');
    expect(request!.body).toEqual({ fields: { points: 13 } });
    // A value is set, not written: sent without If-Match (the outbox's card.fields change).
    expect(request!.headers.get('If-Match')).toBeNull();
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('Write the brief'))!;
    await waitFor(() => expect(row).toHaveTextContent('13'));
    // The focus is back on the cell.
    await waitFor(() => expect(document.activeElement).toHaveAttribute('aria-colindex', String(column)));
  });

  it("gives the focus back to the cell as the editor closes, so the next key is the grid's", async () => {
    const { user } = setup();
    await screen.findByRole('grid', { name: 'Cards' });
    await user.click(screen.getAllByRole('gridcell', { name: /^Write the brief/ })[0]!);
    await user.keyboard('{Enter}');
    const input = screen.getByRole('textbox', { name: 'Title of Write the brief' });
    await user.type(input, '{Escape}');
    // At once, not a frame later: an Enter typed right after Escape must reach the grid.
    expect(input).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAttribute('data-cell', 'c1:0');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Title of Write the brief' })).toHaveFocus();
  });

  it("follows another person's change and keeps the board's filter", async () => {
    setup('/board/b1/table?f.points=4..');
    await screen.findByRole('grid', { name: 'Cards' });
    expect(titles()).toEqual(['Write the brief', 'Book the venue']);

    const event: BoardEventOf<'card.updated'> = {
      boardId: 'b1',
      version: 4,
      type: 'card.updated',
      actorId: grace._id,
      payload: { ...cards[2]!, title: 'Print the posters', fields: { points: 13 }, revision: 2 },
    };
    act(() => lastSocket()?.serverEmit('board:event', event));

    expect(titles()).toEqual(['Write the brief', 'Book the venue', 'Print the posters']);
    const views = screen.getByRole('navigation', { name: 'Views' });
    expect(within(views).getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      '/board/b1/calendar?f.points=4..',
    );
  });
});
