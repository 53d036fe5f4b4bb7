import { LIMITS, type Comment, type CommentEvent, type UserRef } from '@papan/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../components/ui/avatar';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Markdown } from '../../../../components/ui/markdown/markdown';
import { MarkdownEditor } from '../../../../components/ui/markdown/markdown-editor';
import { formatDateTime, formatRelativeTime } from '../../../../lib/dates';
import { useSession } from '../../../../lib/session';
import { deleteComment } from '../../api/delete-comment';
import { updateComment } from '../../api/update-comment';
import { useTextConflict } from '../../hooks/use-text-conflict';
import { offerUndo } from '../undo-toast';
import { EditConflictDialog } from './edit-conflict-dialog';

interface CommentItemProps {
  comment: Comment;
  /** The board's people: offered after `@` and marked where mentioned. */
  people: UserRef[];
  /** The change, as the event the server published for it. */
  onChanged: (event: CommentEvent) => void;
}

/**
 * A comment: avatar, name, 'x ago'; only its author sees Edit (inline) and Delete (confirmed). An
 * edit is saved against the text and revision it started from: changed meanwhile (the author in
 * another tab), the author chooses (docs/product.md, "When two people edit the same text").
 */
export function CommentItem({ comment, people, onChanged }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const myId = useSession((state) => state.session?._id);
  const [draft, setDraft] = useState<string | null>(null);
  const [base, setBase] = useState({ text: comment.text, revision: comment.revision });
  const [confirming, setConfirming] = useState(false);
  const edit = useTextConflict<Comment>({
    objectId: comment._id,
    textOf: (current) => current.text,
    send: async (text, revision) => {
      const updated = await updateComment(comment._id, text, revision);
      onChanged({ type: 'comment.updated', payload: updated });
    },
  });
  const isAuthor = !!myId && comment.userId?._id === myId;
  const language = i18n.resolvedLanguage;

  async function save() {
    // An edit with empty text is ignored (docs/product.md, "Validation").
    if (draft === null || !draft.trim()) return;
    try {
      if (await edit.save(draft, base.text, base.revision)) setDraft(null);
    } catch (error) {
      console.error('Failed to update the comment', error);
    }
  }

  function begin() {
    setBase({ text: comment.text, revision: comment.revision });
    setDraft(comment.text);
  }

  async function choose(choice: Parameters<typeof edit.choose>[0]) {
    try {
      if (await edit.choose(choice)) setDraft(null);
    } catch (error) {
      console.error('Failed to update the comment', error);
    }
  }

  async function remove() {
    setConfirming(false);
    try {
      const { undoToken } = await deleteComment(comment._id);
      onChanged({ type: 'comment.deleted', payload: { _id: comment._id, cardId: comment.cardId } });
      // The undo's comment.created also reaches this list by the socket; its answer is applied at once.
      offerUndo(undoToken, (answer) => {
        if (answer.type === 'comment.created') onChanged(answer);
      });
    } catch (error) {
      console.error('Failed to delete the comment', error);
    }
  }

  return (
    <li className="flex gap-3">
      <Avatar name={comment.userId?.name ?? ''} src={comment.userId?.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{comment.userId?.name}</span>
          <time
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt, language)}
            className="text-xs text-slate-500 dark:text-slate-400"
          >
            {formatRelativeTime(comment.createdAt, language)}
          </time>
        </p>
        {draft === null ? (
          <Markdown
            source={comment.text}
            people={people}
            className="mt-1 rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800"
          />
        ) : (
          <div className="mt-1 flex flex-col gap-2">
            <MarkdownEditor
              aria-label={t('board.comments.editLabel')}
              autoFocus
              rows={2}
              maxLength={LIMITS.comment}
              value={draft}
              onChange={setDraft}
              people={people}
              onKeyDown={(event) => {
                if (event.key !== 'Escape') return;
                event.stopPropagation();
                setDraft(null);
              }}
            />
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void save()}>
                {t('board.comments.save')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
                {t('board.modal.cancel')}
              </Button>
            </div>
          </div>
        )}
        {isAuthor && draft === null && (
          <div className="mt-1 flex gap-3 text-xs">
            <button
              type="button"
              onClick={begin}
              className="text-slate-500 underline-offset-2 hover:underline dark:text-slate-400"
            >
              {t('board.comments.edit')}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="text-slate-500 underline-offset-2 hover:text-red-600 hover:underline dark:text-slate-400"
            >
              {t('board.comments.delete')}
            </button>
          </div>
        )}
      </div>
      {edit.conflict && (
        <EditConflictDialog
          conflict={edit.conflict}
          busy={edit.busy}
          onChoose={(choice) => void choose(choice)}
          onClose={edit.dismiss}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('board.comments.deleteTitle')}
          message={t('board.comments.deleteConfirm')}
          confirmLabel={t('board.comments.delete')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
