import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../testing/api-stub';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import { boardResponse, buildBoardDetail } from '../../board-fixtures';

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('../board-page'), 30_000);

describe('CardHistory', () => {
  it('reads where the card has been only once asked, and lists each stay', async () => {
    signIn();
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
      'GET /api/cards/c1/comments': [],
      'GET /api/cards/c1/checklists': [],
      'GET /api/cards/c1/history': {
        history: [
          {
            listId: 'gone',
            listTitle: null,
            enteredAt: '2025-07-01T09:00:00.000Z',
            leftAt: '2025-07-02T09:00:00.000Z',
          },
          { listId: 'todo', listTitle: 'To Do', enteredAt: '2025-07-02T09:00:00.000Z', leftAt: null },
        ],
      },
    });
    const { user } = renderApp('/board/b1?card=c1');
    const dialog = await screen.findByRole('dialog', { name: 'Card c1' });
    expect(api.calls('GET /api/cards/c1/history')).toHaveLength(0);

    await user.click(within(dialog).getByText('Where this card has been'));
    const history = within(dialog).getByText('Where this card has been').closest('details')!;
    expect(await within(history).findByText('A list since deleted')).toBeInTheDocument();
    const stays = within(history).getAllByRole('listitem');
    expect(stays).toHaveLength(2);
    expect(stays[1]).toHaveTextContent(/^To Do.+– now$/);
    expect(api.calls('GET /api/cards/c1/history')).toHaveLength(1);
  });
});
