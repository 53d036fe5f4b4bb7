import { compactBoard, type RuleAction, type RuleTrigger } from '@papan/shared';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../testing/test-i18n';
import { ada, buildBoard, LABEL, LIST } from '../automation-fixtures';
import { boardNames } from '../model/board-names';
import { RuleSentence } from './rule-sentence';

const names = boardNames(compactBoard(buildBoard()));

async function sentence(trigger: RuleTrigger, actions: RuleAction[], language = 'en') {
  await testI18n.changeLanguage(language);
  const { container } = render(
    <I18nextProvider i18n={testI18n}>
      <RuleSentence trigger={trigger} actions={actions} names={names} />
    </I18nextProvider>,
  );
  return container.textContent;
}

describe('RuleSentence', () => {
  it.each<[RuleTrigger, string, string]>([
    [{ type: 'card.enteredList', listId: LIST.done }, 'When a card enters Done', 'Saat kartu masuk ke Done'],
    [{ type: 'card.created' }, 'When a card is created', 'Saat kartu dibuat'],
    [
      { type: 'card.created', listId: LIST.todo },
      'When a card is created in To Do',
      'Saat kartu dibuat di To Do',
    ],
    [
      { type: 'card.labelAdded', labelId: LABEL.bug },
      'When the label Bug is added to a card',
      'Saat label Bug ditambahkan ke kartu',
    ],
    [
      { type: 'checklist.completed' },
      "When a card's checklist is completed",
      'Saat daftar periksa kartu selesai',
    ],
    [
      { type: 'card.dueSoon', hours: 1 },
      'When a card is due within 1 hour',
      'Saat tenggat kartu tinggal 1 jam',
    ],
    [
      { type: 'card.dueSoon', hours: 24 },
      'When a card is due within 24 hours',
      'Saat tenggat kartu tinggal 24 jam',
    ],
    [{ type: 'card.overdue' }, 'When a card becomes overdue', 'Saat kartu melewati tenggat'],
    [
      { type: 'schedule', cron: '0 9 * * 1', tz: 'Asia/Jakarta' },
      'On the schedule 0 9 * * 1 (Asia/Jakarta)',
      'Sesuai jadwal 0 9 * * 1 (Asia/Jakarta)',
    ],
  ])('says the trigger %j in both languages', async (trigger, english, indonesian) => {
    expect(await sentence(trigger, [{ type: 'archive' }])).toBe(`${english}, archive it`);
    expect(await sentence(trigger, [{ type: 'archive' }], 'id')).toBe(`${indonesian}, arsipkan`);
  });

  it('says every action, in order', async () => {
    const actions: RuleAction[] = [
      { type: 'moveToList', listId: LIST.doing, position: 'top' },
      { type: 'moveToList', listId: LIST.done, position: 'bottom' },
      { type: 'addLabel', labelId: LABEL.urgent },
      { type: 'removeLabel', labelId: '00000000-0000-4000-8000-999999999999' },
      { type: 'addMember', userId: ada._id },
      { type: 'removeMember', userId: 'actor' },
      { type: 'setDue', inDays: 0, at: '17:00' },
      { type: 'setDue', inDays: 1, at: '09:00' },
      { type: 'completeDue' },
      { type: 'addChecklist', title: 'Release', items: ['Tag', 'Notes'] },
      { type: 'comment', text: 'Moved by {actor} <b>now</b>' },
      { type: 'createCard', listId: LIST.todo, title: 'Weekly review' },
    ];
    expect(await sentence({ type: 'card.overdue' }, actions)).toBe(
      'When a card becomes overdue, move it to the top of Doing, then move it to Done, then add the label Urgent, ' +
        'then remove the label a deleted label, then add Ada Lovelace to it, then remove whoever made the change from it, ' +
        'then make it due today at 17:00, then make it due in 1 day at 09:00, then mark its due date complete, ' +
        'then add the checklist Release (2 items), then comment “Moved by {actor} <b>now</b>”, ' +
        'then create the card Weekly review in To Do',
    );
    expect(await sentence({ type: 'card.overdue' }, actions, 'id')).toContain(
      'pindahkan ke atas Doing, lalu pindahkan ke Done',
    );
  });

  it('shows user text only as text', async () => {
    await sentence({ type: 'card.overdue' }, [{ type: 'comment', text: '<img src=x onerror=alert(1)>' }]);
    expect(document.querySelector('img')).toBeNull();
  });
});
