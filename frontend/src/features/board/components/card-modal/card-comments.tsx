import { findCard, LIMITS, type Comment } from '@papan/shared';
import { MessageSquare } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { MarkdownEditor } from '../../../../components/ui/markdown/markdown-editor';
import { InlineSpinner } from '../../../../components/ui/spinner';
import { useBoardPeople } from '../../hooks/use-board-people';
import { useCardComments } from '../../hooks/use-card-comments';
import { useBoardStore } from '../../store';
import { WaitingComments } from './waiting-comments';
import { CommentItem } from './comment-item';
import { sectionHeadingClass } from './modal-styles';

/**
 * The comments section, headed 'Activity' (docs/product.md, "Card detail"); failures of comment
 * calls are only logged.
 */
export function CardComments({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, apply } = useCardComments(cardId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const people = useBoardPeople();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || busy) return;
    const sent = text;
    setBusy(true);
    try {
      // Kept verbatim: the server stores comment text as written. Without a connection it waits in
      // the outbox, listed below as waiting (docs/product.md, "Offline").
      const card = findCard(useBoardStore.getState().board!, cardId)?.card;
      const outcome = await useBoardStore
        .getState()
        .queue({ kind: 'comment.create', args: { cardId, text: sent } }, card?.title ?? '');
      if (outcome.sent) apply({ type: 'comment.created', payload: outcome.answer.data as Comment });
      // Words typed meanwhile (the next comment) stay.
      setText((current) => (current === sent ? '' : current));
      // Save disables itself while sending; focus goes back to the box for the next comment.
      field.current?.focus();
    } catch (err) {
      console.error('Failed to post the comment', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h3 className={sectionHeadingClass}>
        <MessageSquare aria-hidden="true" className="size-4" />
        {t('board.comments.heading')}
      </h3>
      <form onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-2">
        <MarkdownEditor
          ref={field}
          aria-label={t('board.comments.label')}
          placeholder={t('board.comments.placeholder')}
          rows={2}
          maxLength={LIMITS.comment}
          value={text}
          onChange={setText}
          people={people}
        />
        <div>
          <Button type="submit" size="sm" disabled={!text.trim() || busy} loading={busy}>
            {t('board.comments.save')}
          </Button>
        </div>
      </form>
      {isLoading ? (
        <InlineSpinner label={t('board.comments.loading')} />
      ) : error ? (
        <div className="mt-3">
          <Alert tone="error">{t('board.comments.loadError')}</Alert>
        </div>
      ) : (
        <ol className="mt-4 flex flex-col gap-4">
          <WaitingComments cardId={cardId} posted={data ?? []} />
          {(data ?? []).map((comment) => (
            <CommentItem key={comment._id} comment={comment} people={people} onChanged={apply} />
          ))}
        </ol>
      )}
    </section>
  );
}
