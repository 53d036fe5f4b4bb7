import type { Notification } from '@papan/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNotification } from '../testing/factories';
import { testI18n } from '../testing/test-i18n';
import { notificationText } from './notification-text';

const sut = (notification: Notification) => notificationText(notification, testI18n.t);

const added = buildNotification({
  text: 'Grace added you to the board "Q3 <Plans> & more"',
  template: 'addedYou',
  params: { actor: 'Grace', board: 'Q3 <Plans> & more' },
});

describe(notificationText.name, () => {
  afterEach(async () => {
    await testI18n.changeLanguage('en');
  });

  it('says a templated notification in English exactly as the server wrote it, values unescaped', () => {
    expect(sut(added)).toBe(added.text);
  });

  it('says a templated notification in Indonesian', async () => {
    await testI18n.changeLanguage('id');

    expect(sut(added)).toBe('Grace menambahkan Anda ke papan "Q3 <Plans> & more"');
    expect(
      sut(buildNotification({ template: 'commented', params: { actor: 'Linus', card: 'Fix login' } })),
    ).toBe('Linus mengomentari "Fix login"');
  });

  it('says a mention in both languages', async () => {
    const mention = buildNotification({ template: 'mention', params: { actor: 'Linus', card: 'Fix login' } });
    expect(sut(mention)).toBe('Linus mentioned you on "Fix login"');
    await testI18n.changeLanguage('id');
    expect(sut(mention)).toBe('Linus menyebut Anda di "Fix login"');
  });

  it('keeps the stored text of a notification without a template', async () => {
    await testI18n.changeLanguage('id');

    expect(sut(buildNotification({ text: 'Grace invited you to Roadmap' }))).toBe(
      'Grace invited you to Roadmap',
    );
    expect(sut(buildNotification({ text: 'Old', template: 'addedYou', params: null }))).toBe('Old');
    expect(
      sut(
        buildNotification({ text: 'Newer', template: 'mentioned' as Notification['template'], params: {} }),
      ),
    ).toBe('Newer');
  });
});
