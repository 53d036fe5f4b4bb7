import { act, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { buildActivity, signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';
import { boardResponse, buildBoardDetail } from '../board-fixtures';

async function openActivity(activities: StubAnswer) {
  signIn();
  stubApi({
    'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
    'GET /api/boards/b1/activities': activities,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: 'Activity' }));
  return screen.getByRole('dialog', { name: 'Board Activity' });
}

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('./board-page'), 30_000);

describe('ActivityPanel', () => {
  it("says 'No activities found for this board.' when there are none", async () => {
    const panel = await openActivity([]);

    expect(await within(panel).findByText('No activities found for this board.')).toBeInTheDocument();
  });

  it("shows who did what, with 'Someone' for an unknown user, and renders only the description as HTML", async () => {
    const panel = await openActivity([
      buildActivity({
        description: 'moved card <strong>Fix login</strong>',
        userId: { _id: 'u', name: 'Grace' },
      }),
      buildActivity({ description: 'deleted a list', userId: null }),
    ]);

    const items = await within(panel).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Grace moved card Fix login');
    expect(within(items[0]!).getByText('Fix login').tagName).toBe('STRONG');
    expect(items[1]).toHaveTextContent('Someone deleted a list');
  });

  it('names a change a rule made "Automation" with the rule, in both languages', async () => {
    const panel = await openActivity([
      buildActivity({
        description: 'deleted card <strong>Ship it</strong> from <strong>Done</strong>',
        userId: null,
        rule: { _id: 'r1', name: 'Archive <b>done</b>' },
      }),
    ]);

    const [item] = await within(panel).findAllByRole('listitem');
    expect(item).toHaveTextContent('Automation (Archive <b>done</b>) deleted card Ship it from Done');
    expect(within(item!).getByText('Automation').tagName).toBe('STRONG');
    await act(() => testI18n.changeLanguage('id'));
    expect(item).toHaveTextContent('Otomasi (Archive <b>done</b>)');
  });

  it('says a templated entry in the reader language, user text only as text', async () => {
    const panel = await openActivity([
      buildActivity({
        description: 'deleted card <strong>&lt;i&gt;x&lt;/i&gt;</strong> from <strong>To Do</strong>',
        template: 'card.deleted',
        params: { card: '<i>x</i>', list: 'To Do' },
        userId: { _id: 'u', name: 'Grace' },
      }),
    ]);
    await act(() => testI18n.changeLanguage('id'));

    const [item] = await within(panel).findAllByRole('listitem');
    expect(item).toHaveTextContent('Grace menghapus kartu <i>x</i> dari To Do');
    expect(item!.querySelector('i')).toBeNull();
    expect(within(item!).getByText('To Do').tagName).toBe('STRONG');
  });
});
