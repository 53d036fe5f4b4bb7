import type { BoardDetail } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../testing/api-stub';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import {
  ada,
  boardResponse,
  buildBoardDetail,
  buildComment,
  buildList,
  changeAnswer,
  grace,
} from '../../board-fixtures';

const linus = { _id: 'user-3', name: 'Linus Torvalds', email: 'linus@example.com', avatarUrl: '' };

/** An option's text without its avatar's initials (aria-hidden). */
const nameOf = (option: HTMLElement) => option.querySelector('span:not([aria-hidden])')?.textContent;

function boardWith(description: string): BoardDetail {
  const board = buildBoardDetail({ members: [ada, grace, linus] });
  board.lists[0] = buildList('todo', 'To Do', ['c1']);
  board.lists[0].cards[0]!.description = description;
  return board;
}

async function openCard(board: BoardDetail, routes: Record<string, unknown> = {}) {
  signIn();
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(board),
    'GET /api/cards/c1/comments': [],
    'GET /api/cards/c1/checklists': [],
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: /^Card c1/ }));
  return { api, dialog: screen.getByRole('dialog', { name: 'Card c1' }), ...view };
}

beforeAll(() => import('../board-page'), 30_000);

describe('card Markdown', () => {
  it('ticks a task box in the description and saves the description with it (PUT /api/cards/{id})', async () => {
    const board = boardWith('Plan:\n\n- [ ] Draft\n- [x] Review');
    const { api, dialog, user } = await openCard(board, {
      'PUT /api/cards/c1': changeAnswer(({ body }) => ({
        type: 'card.updated',
        payload: { ...board.lists[0]!.cards[0]!, description: (body as { description: string }).description },
      })),
    });

    const draft = await within(dialog).findByRole('checkbox', { name: 'Draft' });
    expect(within(dialog).getByRole('checkbox', { name: 'Review' })).toBeChecked();
    await user.click(draft);

    await waitFor(() => expect(api.calls('PUT /api/cards/c1')).toHaveLength(1));
    expect(api.calls('PUT /api/cards/c1')[0]!.body).toEqual({
      description: 'Plan:\n\n- [x] Draft\n- [x] Review',
    });
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'Draft' })).toBeChecked());
    // Ticking is not editing.
    expect(within(dialog).queryByRole('textbox', { name: 'Card description' })).toBeNull();
  });

  it('writes and previews a description', async () => {
    const { dialog, user } = await openCard(boardWith(''));

    await user.click(
      within(dialog).getByRole('button', { name: 'No description provided. Click to add one...' }),
    );
    const field = within(dialog).getByRole('textbox', { name: 'Card description' });
    const section = field.closest('section')!;
    await user.type(field, '**Bold** move');
    await user.click(within(section).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByText('Bold', { selector: 'strong' })).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Write' }));
    expect(within(dialog).getByRole('textbox', { name: 'Card description' })).toHaveValue('**Bold** move');
  });

  it('offers the board’s people after @: arrows move, Enter picks, Escape closes only the list', async () => {
    const { dialog, user } = await openCard(boardWith(''));
    const box = within(dialog).getByRole('textbox', { name: 'Comment' });

    await user.type(box, 'Ask @');
    const list = screen.getByRole('listbox', { name: 'People to mention' });
    const options = within(list).getAllByRole('option');
    expect(options.map(nameOf)).toEqual(['Ada Lovelace', 'Grace Hopper', 'Linus Torvalds']);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Ask @Linus Torvalds ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).not.toHaveAttribute('aria-activedescendant');

    // Typing narrows (by any word of the name); Tab picks too.
    await user.type(box, 'and @hop');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map(nameOf)).toEqual(['Grace Hopper']);
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('Ask @Linus Torvalds and @Grace Hopper ');
    expect(box).toHaveFocus();

    // Escape closes the list and leaves the card open.
    await user.type(box, '@');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Card c1' })).toBeInTheDocument();
    await user.type(box, 'a');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('marks a mention of a board member in a rendered comment', async () => {
    const { dialog } = await openCard(boardWith(''), {
      'GET /api/cards/c1/comments': [buildComment('m1', 'Thanks @grace hopper, see *this*', grace)],
    });

    const mention = await within(dialog).findByText('@grace hopper');
    expect(mention).toHaveClass('mention');
    expect(mention).toHaveAttribute('data-user-id', grace._id);
    expect(within(dialog).getByText('this', { selector: 'em' })).toBeInTheDocument();
  });
});
