import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { lastSocket } from '../../../testing/fake-socket-io';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { boardResponse, buildBoardDetail, buildCard, grace } from '../board-fixtures';

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('./board-page'), 30_000);

describe('board events the browser receives (docs/realtime.md, "Event reference")', () => {
  it('reads the board again, and logs it once, when the socket brings an event that fails the schema', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn();
    let reads = 0;
    const api = stubApi({
      'GET /api/boards/b1': () => {
        reads++;
        const card = buildCard('c9', 'done', 9000, { title: 'From the server' });
        const board = buildBoardDetail();
        // The second read shows what the server holds now.
        if (reads > 1) board.lists[1]!.cards.push(card);
        return boardResponse(board);
      },
    });
    renderApp('/board/b1');
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    // A card.created whose card has no id or list, twice.
    const malformed = {
      boardId: 'b1',
      version: 4,
      type: 'card.created',
      actorId: grace._id,
      payload: { title: 'Half a card' },
    };

    act(() => lastSocket()?.serverEmit('board:event', malformed));
    act(() => lastSocket()?.serverEmit('board:event', malformed));

    await waitFor(() => expect(api.calls('GET /api/boards/b1').length).toBeGreaterThanOrEqual(2));
    const done = screen.getByRole('region', { name: 'Done' });
    expect(await within(done).findByRole('button', { name: 'From the server' })).toBeInTheDocument();
    expect(screen.queryByText('Half a card')).not.toBeInTheDocument();
    const logged = warn.mock.calls.filter(([text]) => String(text).includes('does not match its schema'));
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![0])).toMatch(/card\.created v4: payload\./);
  });
});
