import { render, screen } from '@testing-library/react';
import type { Activity } from '@papan/shared';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { buildActivity } from '../testing/factories';
import { testI18n } from '../testing/test-i18n';
import { ActivityText } from './activity-text';

async function renderText(activity: Activity, language = 'en') {
  await testI18n.changeLanguage(language);
  return render(
    <I18nextProvider i18n={testI18n}>
      <p data-testid="text">
        <ActivityText activity={activity} />
      </p>
    </I18nextProvider>,
  );
}

const moved = buildActivity({
  description: 'moved card <strong>Fix login</strong> from <strong>To Do</strong> to <strong>Done</strong>',
  template: 'card.moved',
  params: { card: 'Fix login', from: 'To Do', to: 'Done' },
});

describe(ActivityText.name, () => {
  it('says a templated entry in English with its values in bold, as the server described it', async () => {
    await renderText(moved);

    const text = screen.getByTestId('text');
    expect(text).toHaveTextContent('moved card Fix login from To Do to Done');
    expect(text.innerHTML).toContain(moved.description);
    expect(screen.getByText('To Do').tagName).toBe('STRONG');
  });

  it('says a templated entry in Indonesian', async () => {
    await renderText(moved, 'id');

    expect(screen.getByTestId('text')).toHaveTextContent('memindahkan kartu Fix login dari To Do ke Done');
    expect(screen.getByText('Fix login').tagName).toBe('STRONG');
  });

  it('shows hostile user text literally and creates no element from it', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await renderText(
      buildActivity({
        template: 'card.renamed',
        params: { from: hostile, to: '<b>bold</b> & "quoted" &amp;' },
      }),
    );

    const text = screen.getByTestId('text');
    expect(text).toHaveTextContent(`renamed card ${hostile} to <b>bold</b> & "quoted" &amp;`);
    expect(text.querySelector('img')).toBeNull();
    expect(text.querySelectorAll('strong')).toHaveLength(2);
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByText(hostile).tagName).toBe('STRONG');
  });

  it('renders the stored description as HTML when the entry has no template', async () => {
    await renderText(buildActivity({ description: 'deleted list <strong>Later</strong>' }), 'id');

    expect(screen.getByTestId('text')).toHaveTextContent('deleted list Later');
    expect(screen.getByText('Later').tagName).toBe('STRONG');
  });

  it('falls back to the description when the template has no values or no translation', async () => {
    const { unmount } = await renderText(
      buildActivity({ description: 'copied card <strong>A</strong>', template: 'card.copied', params: null }),
    );
    expect(screen.getByTestId('text')).toHaveTextContent('copied card A');
    unmount();

    await renderText(
      buildActivity({
        description: 'did something new',
        template: 'card.teleported' as Activity['template'],
        params: { card: 'A' },
      }),
    );
    expect(screen.getByTestId('text')).toHaveTextContent('did something new');
  });
});
