import type { RuleDryRun } from '@papan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { axeViolations } from '../../../testing/axe';
import { signIn } from '../../../testing/factories';
import { errorResponse, jsonResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';
import { ada, boardResponse, buildRule, CARD, LABEL, LIST } from '../automation-fixtures';

const twoRuns: RuleDryRun = {
  runs: [
    { eventVersion: 5, cardId: CARD.shipIt, actions: [{ type: 'archive' }] },
    { eventVersion: 9, cardId: '00000000-0000-4000-8000-999999999999', actions: [{ type: 'archive' }] },
  ],
};

/** The owner opens board b1's Automation panel and its builder (New rule, or Edit of the first rule). */
async function openBuilder(routes: Record<string, StubAnswer> = {}, edit = false) {
  signIn({ _id: ada._id, name: ada.name, email: ada.email });
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(),
    'GET /api/boards/b1/rules': [],
    ...routes,
  });
  const view = renderApp('/board/b1');
  await view.user.click(await screen.findByRole('button', { name: 'Board menu' }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Automation' }));
  const panel = await screen.findByRole('dialog', { name: 'Automation' });
  await view.user.click(await within(panel).findByRole('button', { name: edit ? /^Edit / : 'New rule' }));
  const form = within(panel).getByRole('form', { name: edit ? 'Edit rule' : 'New rule' });
  return { api, panel, form, ...view };
}

// The panel is a lazy chunk: transformed before the first test's wait starts.
beforeAll(() => import('./automation-panel'), 60_000);

describe('RuleBuilder', () => {
  it('builds "When a card enters Done, archive it", previews it, and saves it', async () => {
    const saved = buildRule({ _id: 'r9', name: 'Tidy Done' });
    const { api, panel, form, user } = await openBuilder({
      'POST /api/boards/b1/rules/dry-run': twoRuns,
      'POST /api/boards/b1/rules': () => jsonResponse(201, saved),
    });
    const f = within(form);

    await user.type(f.getByRole('textbox', { name: 'Rule name' }), 'Tidy Done');
    await user.selectOptions(f.getByRole('combobox', { name: 'Trigger' }), 'a card enters');
    await user.selectOptions(f.getByRole('combobox', { name: 'List' }), 'Done');
    await user.selectOptions(f.getByRole('combobox', { name: 'Action 1' }), 'archive it');
    expect(form).toHaveTextContent('When a card enters Done, archive it.');

    await user.click(f.getByRole('button', { name: 'Preview' }));
    const preview = await f.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Would have run 2 times in the last 7 days:');
    expect(preview).toHaveTextContent('On Ship it: archive it');
    expect(preview).toHaveTextContent('On a card no longer on the board: archive it');
    expect(api.calls('POST /api/boards/b1/rules/dry-run')[0]?.body).toEqual({
      trigger: { type: 'card.enteredList', listId: LIST.done },
      actions: [{ type: 'archive' }],
    });
    expect(api.calls('POST /api/boards/b1/rules')).toHaveLength(0);

    await user.click(f.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(within(panel).queryByRole('form')).not.toBeInTheDocument());
    expect(api.calls('POST /api/boards/b1/rules')[0]?.body).toEqual({
      name: 'Tidy Done',
      trigger: { type: 'card.enteredList', listId: LIST.done },
      actions: [{ type: 'archive' }],
    });
    expect(await within(panel).findByRole('heading', { name: 'Tidy Done' })).toBeInTheDocument();
    // The Save button is gone: the focus stays in the panel, so Escape still closes it.
    expect(within(panel).getByRole('button', { name: 'New rule' })).toHaveFocus();
  });

  it('says "Would not have run in the last 7 days" when nothing in the log matches', async () => {
    const { form, user } = await openBuilder({ 'POST /api/boards/b1/rules/dry-run': { runs: [] } });
    const f = within(form);
    await user.selectOptions(f.getByRole('combobox', { name: 'List' }), 'Doing');

    await user.click(f.getByRole('button', { name: 'Preview' }));

    expect(await f.findByRole('region', { name: 'Preview' })).toHaveTextContent(
      'Would not have run in the last 7 days.',
    );
  });

  it('refuses before sending: each message at its field, the first one focused', async () => {
    const { api, form, user } = await openBuilder();
    const f = within(form);

    await user.click(f.getByRole('button', { name: 'Save rule' }));

    const name = f.getByRole('textbox', { name: 'Rule name' });
    expect(name).toHaveAccessibleDescription('Give the rule a name.');
    expect(name).toHaveFocus();
    expect(f.getByRole('combobox', { name: 'List' })).toHaveAccessibleDescription('Choose a list.');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(name, 'Tidy');
    expect(name).not.toHaveAccessibleDescription('Give the rule a name.');
  });

  it("shows the server's 400 at the field it names", async () => {
    const { form, user } = await openBuilder({
      'POST /api/boards/b1/rules': () => errorResponse(400, 'actions[0].listId: must be a valid id'),
    });
    const f = within(form);
    await user.type(f.getByRole('textbox', { name: 'Rule name' }), 'Move new cards');
    await user.selectOptions(f.getByRole('combobox', { name: 'List' }), 'To Do');
    await user.selectOptions(f.getByRole('combobox', { name: 'Action 1' }), 'move it to');
    const lists = f.getAllByRole('combobox', { name: 'List' });
    await user.selectOptions(lists[1]!, 'Done');

    await user.click(f.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(lists[1]).toHaveAccessibleDescription('must be a valid id'));
    expect(lists[1]).toHaveFocus();
  });

  it('builds actions in order, each with its parameters', async () => {
    const { api, form, user } = await openBuilder({ 'POST /api/boards/b1/rules/dry-run': { runs: [] } });
    const f = within(form);
    await user.selectOptions(f.getByRole('combobox', { name: 'Trigger' }), 'the label is added to a card');
    await user.selectOptions(f.getByRole('combobox', { name: 'Label' }), 'Bug');
    await user.selectOptions(f.getByRole('combobox', { name: 'Action 1' }), 'make it due');
    await user.clear(f.getByRole('spinbutton', { name: 'Days from then' }));
    await user.type(f.getByRole('spinbutton', { name: 'Days from then' }), '2');
    await user.click(f.getByRole('button', { name: 'And then…' }));
    await user.selectOptions(f.getByRole('combobox', { name: 'Action 2' }), 'comment');
    await user.type(f.getByRole('textbox', { name: 'Comment' }), 'Looking at {{card}');
    await user.click(f.getByRole('button', { name: 'And then…' }));
    await user.selectOptions(f.getByRole('combobox', { name: 'Action 3' }), 'add the label');
    await user.selectOptions(f.getAllByRole('combobox', { name: 'Label' })[1]!, 'Urgent');

    expect(form).toHaveTextContent(
      'When the label Bug is added to a card, make it due in 2 days at 09:00, then comment “Looking at {card}”, then add the label Urgent.',
    );
    await user.click(f.getByRole('button', { name: 'Remove action 2' }));
    await user.click(f.getByRole('button', { name: 'Preview' }));

    await f.findByRole('region', { name: 'Preview' });
    expect(api.calls('POST /api/boards/b1/rules/dry-run')[0]?.body).toEqual({
      trigger: { type: 'card.labelAdded', labelId: LABEL.bug },
      actions: [
        { type: 'setDue', inDays: 2, at: '09:00', tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
        { type: 'addLabel', labelId: LABEL.urgent },
      ],
    });
  });

  it('makes a schedule create a card first, in the browser zone, and says when it next runs', async () => {
    const { form, user } = await openBuilder();
    const f = within(form);

    await user.selectOptions(f.getByRole('combobox', { name: 'Trigger' }), 'on a schedule');

    expect(f.getByRole('combobox', { name: 'Action 1' })).toHaveValue('createCard');
    expect(f.getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    expect(f.getByRole('textbox', { name: 'Schedule (cron)' })).toHaveValue('0 9 * * 1');
    expect(form).toHaveTextContent(/Next run: .*9:00/);

    await user.clear(f.getByRole('textbox', { name: 'Schedule (cron)' }));
    await user.type(f.getByRole('textbox', { name: 'Schedule (cron)' }), '0 9 *');
    await user.click(f.getByRole('button', { name: 'Preview' }));
    expect(f.getByRole('textbox', { name: 'Schedule (cron)' })).toHaveAccessibleDescription(
      /Enter five fields, such as 0 9 \* \* 1\./,
    );
    expect(f.getByRole('textbox', { name: 'Card title' })).toHaveAccessibleDescription(
      'This cannot be empty.',
    );
  });

  it('edits a rule (PATCH), turning on a rule the server had turned off', async () => {
    const off = buildRule({ enabled: false, disabledReason: 'its label was deleted' });
    const { api, form, user } = await openBuilder(
      {
        'GET /api/boards/b1/rules': [off],
        'PATCH /api/rules/r1': () => buildRule({ name: 'Archive done' }),
      },
      true,
    );
    const f = within(form);
    expect(f.getByRole('combobox', { name: 'List' })).toHaveValue(LIST.done);
    const name = f.getByRole('textbox', { name: 'Rule name' });
    await user.clear(name);
    await user.type(name, 'Archive done');

    await user.click(f.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(api.calls('PATCH /api/rules/r1')).toHaveLength(1));
    expect(api.calls('PATCH /api/rules/r1')[0]?.body).toEqual({
      name: 'Archive done',
      trigger: { type: 'card.enteredList', listId: LIST.done },
      actions: [{ type: 'archive' }],
      enabled: true,
    });
  });

  it('is axe-clean and reads in Indonesian', async () => {
    const { panel, form, user } = await openBuilder();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'List' }), 'Done');
    expect(await axeViolations(panel)).toEqual([]);

    await act(() => testI18n.changeLanguage('id'));

    expect(form).toHaveTextContent('Saat kartu masuk ke Done, arsipkan.');
    expect(within(form).getByRole('button', { name: 'Pratinjau' })).toBeInTheDocument();
  });
});
