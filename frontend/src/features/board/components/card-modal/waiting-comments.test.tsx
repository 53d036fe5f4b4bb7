import type { Comment } from '@papan/shared';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueuedChange } from '../../../../lib/outbox/outbox-db';
import { useOutbox } from '../../../../lib/outbox/outbox';
import { testI18n } from '../../../../testing/test-i18n';
import { WaitingComments } from './waiting-comments';

const queuedAt = '2026-11-28T10:00:00.000Z';
const change = (text: string, seq: number): QueuedChange => ({
  seq,
  key: `k${seq}`,
  userId: 'u1',
  boardId: 'b1',
  kind: 'comment.create',
  args: { cardId: 'c1', text },
  name: 'Card',
  method: 'POST',
  path: '/api/cards/c1/comments',
  body: { text },
  queuedAt,
});
const comment = (text: string, authorId: string, createdAt: string): Comment => ({
  _id: `m-${text}-${authorId}`,
  cardId: 'c1',
  text,
  createdAt,
  updatedAt: createdAt,
  userId: { _id: authorId, name: 'Dewi', profilePictureUrl: null, avatarUrl: '' },
  revision: 1,
});

function renderWaiting(posted: Comment[]) {
  render(
    <I18nextProvider i18n={testI18n}>
      <ol>
        <WaitingComments cardId="c1" posted={posted} />
      </ol>
    </I18nextProvider>,
  );
  return [...document.querySelectorAll('[data-waiting-comment]')].map((item) => item.textContent);
}

describe('WaitingComments', () => {
  afterEach(() => useOutbox.setState({ changes: [], online: true }));

  it('lists the waiting comments newest first, and not one whose posted comment is already listed', () => {
    useOutbox.setState({
      changes: [change('First', 1), change('Second', 2), change('Third', 3)],
      online: true,
    });
    const listed = renderWaiting([
      // Its event came before the answer to its send: shown once, as posted.
      comment('Second', 'u1', '2026-11-28T10:00:01.000Z'),
      // Someone else's comment with the same words, and an older one of this person's: not the post.
      comment('First', 'u2', '2026-11-28T10:00:01.000Z'),
      comment('Third', 'u1', '2026-11-28T09:00:00.000Z'),
    ]);
    expect(listed).toEqual(['Waiting to be sentThird', 'Waiting to be sentFirst']);
    expect(screen.getAllByText('Waiting to be sent')).toHaveLength(2);
  });

  it('offline, keeps a waiting comment even when an earlier one with the same words is listed', () => {
    useOutbox.setState({ changes: [change('Same again', 1)], online: false });
    expect(renderWaiting([comment('Same again', 'u1', '2026-11-28T09:59:30.000Z')])).toEqual([
      'Waiting to be sentSame again',
    ]);
  });
});
