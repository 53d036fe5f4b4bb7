import type { BoardDetail } from '@papan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer } from '../../../../testing/api-stub';
import { signIn } from '../../../../testing/factories';
import { renderApp } from '../../../../testing/render-app';
import {
  ada,
  boardResponse,
  buildBoardDetail,
  buildCard,
  buildLanesBoard,
  changeAnswer,
  grace,
} from '../../board-fixtures';
import { collapsedLanesKey } from '../../hooks/use-collapsed-lanes';

function setup(board: BoardDetail, path = '/board/b1', routes: Record<string, StubAnswer> = {}) {
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(board), ...routes });
  return { api, ...renderApp(path) };
}

const cell = (list: string, lane: string) => screen.getByRole('group', { name: `${list} in lane ${lane}` });
const cardsIn = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('button', { name: /^Card c/ })
    .map((card) => card.textContent);
const laneTitles = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .filter((heading) => heading.closest('[data-lane-row]'))
    .map((heading) => heading.textContent);

beforeAll(() => import('../board-page'), 30_000);

describe('the board with lanes (docs/lanes.md)', () => {
  it('draws no grid on a board without lanes (the lists as they always were), and offers its first lane in the board menu', async () => {
    signIn();
    const { user } = setup(buildBoardDetail());

    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(screen.getByRole('region', { name: 'To Do' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Done' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No lane' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('group', { name: /in lane/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add a lane' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Board menu' }));
    expect(screen.getByRole('menuitem', { name: 'Add a lane' })).toBeInTheDocument();
  });

  it('draws a row per lane, the default lane first, with a cell per list holding that lane’s cards in order', async () => {
    signIn();
    setup(buildLanesBoard());

    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(laneTitles()).toEqual(['No lane', 'Frontend', 'Backend']);
    expect(cardsIn(cell('To Do', 'No lane'))).toEqual(['Card c1']);
    expect(cardsIn(cell('To Do', 'Frontend'))).toEqual(['Card c2', 'Card c3']);
    expect(cardsIn(cell('To Do', 'Backend'))).toEqual(['Card c5']);
    expect(cardsIn(cell('Done', 'Frontend'))).toEqual([]);
    expect(cardsIn(cell('Done', 'Backend'))).toEqual(['Card c4']);
    // The list headers once, above the grid, counting every lane.
    expect(screen.getAllByRole('heading', { level: 2, name: 'To Do' })).toHaveLength(1);
    expect(screen.getByLabelText('4 cards')).toBeInTheDocument();
  });

  it('remembers a collapsed lane for this person and board, across a reload', async () => {
    signIn();
    const first = setup(buildLanesBoard());
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await first.user.click(screen.getByRole('button', { name: 'Collapse lane Frontend' }));

    expect(screen.queryByRole('group', { name: 'To Do in lane Frontend' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand lane Frontend' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(JSON.parse(window.localStorage.getItem(collapsedLanesKey('user-1', 'b1')) ?? '[]')).toEqual([
      'l1',
    ]);
    first.unmount();

    setup(buildLanesBoard());
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(screen.getByRole('button', { name: 'Expand lane Frontend' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'To Do in lane Backend' })).toBeInTheDocument();
  });

  it('shows another person the lanes they left open themselves', async () => {
    window.localStorage.setItem(collapsedLanesKey('user-1', 'b1'), JSON.stringify(['l1']));
    signIn({ _id: grace._id, name: grace.name, email: grace.email });
    setup(buildLanesBoard({ members: [ada, grace] }));

    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(screen.getByRole('group', { name: 'To Do in lane Frontend' })).toBeInTheDocument();
  });

  it('filters by lane: only the chosen lanes’ rows and cards are shown, and counted', async () => {
    signIn();
    const { user } = setup(buildLanesBoard());
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const lanes = screen.getByRole('group', { name: 'Lanes' });
    expect(
      within(lanes)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['No lane', 'Frontend', 'Backend']);
    await user.click(within(lanes).getByRole('checkbox', { name: 'Backend' }));

    expect(await screen.findByText('2 of 5 cards')).toBeInTheDocument();
    expect(laneTitles()).toEqual(['Backend']);
    expect(cardsIn(cell('Done', 'Backend'))).toEqual(['Card c4']);
  });

  it('reads the lanes filter from the address', async () => {
    signIn();
    setup(buildLanesBoard(), '/board/b1?lanes=none,l1');

    expect(await screen.findByText('3 of 5 cards')).toBeInTheDocument();
    expect(laneTitles()).toEqual(['No lane', 'Frontend']);
  });

  it('moves a card to another lane from its detail', async () => {
    signIn();
    const { api, user } = setup(buildLanesBoard(), '/board/b1?card=c1', {
      'GET /api/cards/c1/checklists': [],
      'GET /api/cards/c1/comments': [],
      'PUT /api/cards/c1': changeAnswer({
        type: 'card.updated',
        payload: buildCard('c1', 'todo', 1024, { laneId: 'l2' }),
      }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Card c1' });
    const lane = within(dialog).getByRole('combobox', { name: 'Lane' });
    expect(lane).toHaveValue('');

    await user.selectOptions(lane, 'Backend');

    await waitFor(() => expect(cardsIn(cell('To Do', 'Backend'))).toEqual(['Card c1', 'Card c5']));
    expect(api.calls('PUT /api/cards/c1')[0]?.body).toEqual({ laneId: 'l2' });
    expect(lane).toHaveValue('l2');
  });

  it('adds a card in a lane’s cell: created in that lane, in one change', async () => {
    signIn();
    const { api, user } = setup(buildLanesBoard(), '/board/b1', {
      'POST /api/lists/done/cards': changeAnswer({
        type: 'card.created',
        payload: buildCard('c9', 'done', 4096, { title: 'Ship it', laneId: 'l1' }),
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    const frontend = cell('Done', 'Frontend');

    await user.click(within(frontend).getByRole('button', { name: 'Add a card' }));
    await user.type(within(frontend).getByRole('textbox', { name: 'Card title' }), 'Ship it{Enter}');

    expect(
      await within(cell('Done', 'Frontend')).findByRole('button', { name: 'Ship it' }),
    ).toBeInTheDocument();
    // One change: the card is created in its lane, never seen in No lane.
    expect(api.calls('POST /api/lists/done/cards')[0]?.body).toEqual({ title: 'Ship it', laneId: 'l1' });
    expect(api.calls('PUT /api/cards/c9')).toEqual([]);
    expect(
      within(cell('Done', 'No lane')).queryByRole('button', { name: 'Ship it' }),
    ).not.toBeInTheDocument();
  });

  it('adds a lane from the board menu on a board without lanes, and the grid appears', async () => {
    signIn();
    const { api, user } = setup(buildBoardDetail(), '/board/b1', {
      'POST /api/boards/b1/lanes': changeAnswer({
        type: 'lane.created',
        payload: { _id: 'l9', title: 'Ops', position: 1024 },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'Board menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add a lane' }));
    const dialog = screen.getByRole('dialog', { name: 'New lane' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Lane title' }), '  Ops {Enter}');

    expect(await screen.findByRole('heading', { level: 2, name: 'Ops' })).toBeInTheDocument();
    expect(api.calls('POST /api/boards/b1/lanes')[0]?.body).toEqual({ title: 'Ops' });
    expect(laneTitles()).toEqual(['No lane', 'Ops']);
    expect(cardsIn(cell('To Do', 'No lane'))).toEqual(['Card c1', 'Card c2', 'Card c3']);
  });
});
