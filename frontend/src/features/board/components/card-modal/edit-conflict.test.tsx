import type { Card } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '../../../../testing/api-stub';
import { axeViolations } from '../../../../testing/axe';
import { signIn } from '../../../../testing/factories';
import { errorResponse } from '../../../../testing/fetch-stub';
import { renderApp } from '../../../../testing/render-app';
import {
  boardResponse,
  buildBoardDetail,
  buildCard,
  buildComment,
  changeAnswer,
  grace,
} from '../../board-fixtures';

const BASE = 'We ship on Friday.';
const MINE = `${BASE}\nAda checks the migrations.`;
const THEIRS = `${BASE}\nGrace writes the announcement.`;

/** Card c1 as the server holds it after Grace's save: her description, revision 2. */
const current: Card = buildCard('c1', 'todo', 1024, { description: THEIRS, revision: 2 });
const stale = (request: StubRequest) =>
  request.headers.get('If-Match') === '1'
    ? errorResponse(412, 'The card changed since revision 1: it is at revision 2', { current })
    : undefined;

async function openCard(put: (request: StubRequest) => unknown) {
  signIn();
  const board = buildBoardDetail({ members: [buildBoardDetail().ownerId, grace] });
  board.lists[0]!.cards[0]!.description = BASE;
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    'PUT /api/cards/c1': put,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  const card = screen.getByRole('dialog', { name: 'Card c1' });
  await view.user.click(within(card).getByRole('button', { name: 'Edit description' }));
  const field = within(card).getByRole('textbox', { name: 'Card description' });
  await view.user.clear(field);
  await view.user.type(field, MINE);
  await view.user.click(within(field.closest('section')!).getByRole('button', { name: 'Save' }));
  return { api, card, ...view };
}

beforeAll(() => import('../board-page'), 30_000);

describe('EditConflictDialog (a description saved over someone else’s)', () => {
  it('shows both texts and the merge; the merge is sent against the current revision', async () => {
    const { api, user } = await openCard(
      (request) =>
        stale(request) ??
        changeAnswer({
          type: 'card.updated',
          payload: { ...current, description: (request.body as Card).description, revision: 3 },
        })(request),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Someone changed this while you were editing' });
    expect(within(dialog).getByTestId('conflict-mine')).toHaveTextContent('Ada checks the migrations.');
    expect(within(dialog).getByTestId('conflict-theirs')).toHaveTextContent('Grace writes the announcement.');
    const merged = within(dialog).getByTestId('conflict-merged');
    expect(merged).toHaveTextContent('Ada checks the migrations.');
    expect(merged).toHaveTextContent('Grace writes the announcement.');
    expect(await axeViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Use the merge' }));
    await waitFor(() => expect(api.calls('PUT /api/cards/c1')).toHaveLength(2));
    const [first, second] = api.calls('PUT /api/cards/c1');
    expect(first!.headers.get('If-Match')).toBe('1');
    expect(second!.headers.get('If-Match')).toBe('2');
    const sent = (second!.body as { description: string }).description;
    expect(sent).toContain('Ada checks the migrations.');
    expect(sent).toContain('Grace writes the announcement.');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /changed this/ })).not.toBeInTheDocument(),
    );
  });

  it('takes theirs without sending anything more, and lets the merge be edited before it is sent', async () => {
    const first = await openCard(
      (request) => stale(request) ?? changeAnswer({ type: 'card.updated', payload: current })(request),
    );
    await first.user.click(
      within(await screen.findByRole('dialog', { name: /changed this/ })).getByRole('button', {
        name: 'Take theirs',
      }),
    );
    expect(first.api.calls('PUT /api/cards/c1')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Card description' })).not.toBeInTheDocument();
    first.unmount();

    const second = await openCard(
      (request) =>
        stale(request) ??
        changeAnswer({
          type: 'card.updated',
          payload: { ...current, description: (request.body as Card).description, revision: 3 },
        })(request),
    );
    const dialog = await screen.findByRole('dialog', { name: /changed this/ });
    await second.user.click(within(dialog).getByRole('button', { name: 'Edit the merge' }));
    const merge = within(dialog).getByRole('textbox', { name: 'Merged' });
    await second.user.type(merge, '\nBoth agreed.');
    await second.user.click(within(dialog).getByRole('button', { name: 'Save the merge' }));
    await waitFor(() => expect(second.api.calls('PUT /api/cards/c1')).toHaveLength(2));
    expect((second.api.calls('PUT /api/cards/c1')[1]!.body as Card).description).toMatch(/Both agreed\.$/);
  });

  it('sends the edit again by itself when only other fields of the card changed', async () => {
    const moved: Card = {
      ...buildCard('c1', 'todo', 1024, { description: BASE, dueComplete: true }),
      revision: 2,
    };
    const { api } = await openCard((request) =>
      request.headers.get('If-Match') === '1'
        ? errorResponse(412, 'The card changed since revision 1: it is at revision 2', { current: moved })
        : changeAnswer({ type: 'card.updated', payload: { ...moved, description: MINE, revision: 3 } })(
            request,
          ),
    );
    await waitFor(() => expect(api.calls('PUT /api/cards/c1')).toHaveLength(2));
    expect(api.calls('PUT /api/cards/c1')[1]!.headers.get('If-Match')).toBe('2');
    expect(screen.queryByRole('dialog', { name: /changed this/ })).not.toBeInTheDocument();
  });
});

describe('a comment edited in two tabs', () => {
  it('offers the choice with the comment as it is now', async () => {
    signIn();
    const comment = buildComment('m1', 'First thought.');
    const now = { ...comment, text: 'First thought. From the other tab.', revision: 2 };
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
      'GET /api/cards/c1/comments': [comment],
      'GET /api/cards/c1/checklists': [],
      'PUT /api/comments/m1': (request: StubRequest) =>
        request.headers.get('If-Match') === '1'
          ? errorResponse(412, 'The comment changed since revision 1: it is at revision 2', { current: now })
          : { ...now, text: (request.body as { text: string }).text, revision: 3 },
    });
    const { user } = renderApp('/board/b1');
    await user.click(await screen.findByRole('button', { name: /^Card c1/ }));
    const card = screen.getByRole('dialog', { name: 'Card c1' });
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const field = within(card).getByRole('textbox', { name: 'Edit comment' });
    await user.type(field, ' Mine too.');
    await user.click(within(field.closest('li')!).getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: /changed this while you were editing/ });
    expect(within(dialog).getByTestId('conflict-theirs')).toHaveTextContent('From the other tab.');
    expect(within(dialog).getByTestId('conflict-merged')).toHaveTextContent(
      'First thought. From the other tab. Mine too.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Use the merge' }));
    await waitFor(() => expect(api.calls('PUT /api/comments/m1')).toHaveLength(2));
    const second = api.calls('PUT /api/comments/m1')[1]!;
    expect(second.headers.get('If-Match')).toBe('2');
    expect(second.body).toEqual({ text: 'First thought. From the other tab. Mine too.' });
  });
});
