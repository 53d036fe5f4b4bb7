import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { axeViolations } from '../../../testing/axe';
import { signIn } from '../../../testing/factories';
import { lastSocket } from '../../../testing/fake-socket-io';
import { jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';
import { ada, boardResponse, buildRule, buildRun, grace, LABEL, ruleEvent } from '../automation-fixtures';

/** Opens board b1 as `user` and the Automation panel from the board menu. */
async function openPanel(user = ada, routes: Record<string, StubAnswer> = {}) {
  signIn({ _id: user._id, name: user.name, email: user.email });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(),
    'GET /api/boards/b1/rules': [buildRule()],
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: 'Board menu' }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Automation' }));
  const panel = await screen.findByRole('dialog', { name: 'Automation' });
  return { api, panel, ...view };
}

// The panel is a lazy chunk: transformed before the first test's wait starts.
beforeAll(() => import('./automation-panel'), 60_000);

describe('AutomationPanel', () => {
  it('lists the rules, each read as a sentence, with an on/off switch', async () => {
    const { panel } = await openPanel();

    const row = (await within(panel).findByRole('heading', { name: 'Archive finished cards' })).closest(
      'li',
    )!;
    expect(row).toHaveTextContent('When a card enters Done, archive it');
    expect(within(row).getByText('Done').tagName).toBe('STRONG');
    expect(within(row).getByRole('switch', { name: 'Archive finished cards is on' })).toBeChecked();
    expect(await axeViolations(panel)).toEqual([]);
  });

  it('turns a rule off for the owner (PATCH {enabled: false})', async () => {
    const { api, panel, user } = await openPanel(ada, {
      'PATCH /api/rules/r1': () => buildRule({ enabled: false }),
    });
    const toggle = await within(panel).findByRole('switch', { name: 'Archive finished cards is on' });

    await user.click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.calls('PATCH /api/rules/r1')[0]?.body).toEqual({ enabled: false });
  });

  it('shows a member the rules with the switch disabled and says only the owner edits them', async () => {
    const { panel } = await openPanel(grace);

    expect(await within(panel).findByRole('switch', { name: 'Archive finished cards is on' })).toBeDisabled();
    expect(panel).toHaveTextContent('Only the board owner can add, change, or turn rules on and off.');
    expect(within(panel).queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Edit Archive finished cards' }),
    ).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Delete Archive finished cards' }),
    ).not.toBeInTheDocument();
  });

  it('deletes a rule after asking', async () => {
    const { api, panel, user } = await openPanel(ada, {
      'DELETE /api/rules/r1': { message: 'Rule deleted', _id: 'r1' },
    });

    await user.click(await within(panel).findByRole('button', { name: 'Delete Archive finished cards' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the rule “Archive finished cards”?' });
    expect(api.calls('DELETE /api/rules/r1')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete rule' }));

    await waitFor(() => expect(within(panel).queryByText('Archive finished cards')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/rules/r1')).toHaveLength(1);
    expect(panel).toHaveTextContent('This board has no rules yet.');
    expect(within(panel).getByRole('button', { name: 'New rule' })).toHaveFocus();
  });

  it("shows a rule's last runs: when, how it went with the error, and its changes", async () => {
    const { api, panel, user } = await openPanel(ada, {
      'GET /api/rules/r1/runs': [
        buildRun({ _id: 'run-2', status: 'failed', changes: 0, error: 'The list was deleted' }),
        buildRun({ _id: 'run-1', status: 'ok', changes: 2 }),
        buildRun({ _id: 'run-0', status: 'loop', changes: 0 }),
      ],
    });

    await user.click(await within(panel).findByRole('button', { name: 'Runs: Archive finished cards' }));

    const runs = await within(panel).findByRole('list', { name: 'Last runs of Archive finished cards' });
    const items = within(runs).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Failed.*0 changes.*The list was deleted/);
    expect(items[1]).toHaveTextContent(/Ran.*2 changes/);
    expect(items[2]).toHaveTextContent('Stopped: a loop');
    expect(items[0]!.querySelector('time')).toHaveAttribute('dateTime', '2025-07-08T11:00:00.000Z');
    expect(api.calls('GET /api/rules/r1/runs')).toHaveLength(1);
  });

  it('says why the server turned a rule off', async () => {
    const { panel } = await openPanel(ada, {
      'GET /api/boards/b1/rules': [
        buildRule({
          enabled: false,
          disabledReason: 'its list Done was deleted',
          trigger: { type: 'card.enteredList', listId: '00000000-0000-4000-8000-999999999999' },
        }),
      ],
    });

    expect(await within(panel).findByText('Turned off: its list Done was deleted')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Archive finished cards is on' })).not.toBeChecked();
    expect(panel).toHaveTextContent('When a card enters a deleted list, archive it');
  });

  it('follows rules made, changed and deleted by others, live', async () => {
    const { panel } = await openPanel(grace);
    await within(panel).findByText('Archive finished cards');
    const socket = lastSocket()!;
    const urgent = buildRule({
      _id: 'r2',
      name: 'Flag bugs',
      trigger: { type: 'card.labelAdded', labelId: LABEL.bug },
      actions: [
        { type: 'addLabel', labelId: LABEL.urgent },
        { type: 'addMember', userId: 'actor' },
      ],
    });

    act(() => socket.serverEmit('board:event', ruleEvent({ type: 'rule.created', payload: urgent }, 4)));
    expect(await within(panel).findByText('Flag bugs')).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      'When the label Bug is added to a card, add the label Urgent, then add whoever made the change to it',
    );

    act(() =>
      socket.serverEmit(
        'board:event',
        ruleEvent({ type: 'rule.updated', payload: { ...urgent, enabled: false } }, 5),
      ),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('switch', { name: 'Flag bugs is on' })).not.toBeChecked(),
    );

    act(() =>
      socket.serverEmit('board:event', ruleEvent({ type: 'rule.deleted', payload: { _id: 'r1' } }, 6)),
    );
    await waitFor(() => expect(within(panel).queryByText('Archive finished cards')).not.toBeInTheDocument());
  });

  it('says the rules in Indonesian', async () => {
    const { panel } = await openPanel();
    await within(panel).findByText('Archive finished cards');

    await act(() => testI18n.changeLanguage('id'));

    expect(screen.getByRole('dialog', { name: 'Otomasi' })).toHaveTextContent(
      'Saat kartu masuk ke Done, arsipkan',
    );
  });

  it('says so when the rules cannot be read', async () => {
    const { panel } = await openPanel(ada, {
      'GET /api/boards/b1/rules': () =>
        jsonResponse(500, { statusCode: 500, error: 'Internal', message: 'x' }),
    });

    expect(await within(panel).findByRole('alert')).toHaveTextContent('The rules could not be loaded.');
  });
});
