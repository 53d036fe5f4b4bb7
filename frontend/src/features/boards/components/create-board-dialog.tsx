import { createBoardSchema, LIMITS, type BoardSummary } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { fieldIssues, issueText } from '../../../lib/field-issues';
import { copyBoard } from '../api/copy-board';
import { createBoard } from '../api/create-board';
import { useBoards } from '../api/get-boards';
import { refreshBoardLists } from '../api/query-keys';
import { TemplateBoardField } from './template-board-field';

interface CreateBoardDialogProps {
  onClose: () => void;
  /**
   * The created board, reported back to whoever opened the dialog (docs/product.md,
   * "Board cards and the create-board dialog").
   */
  onCreated?: (board: BoardSummary) => void;
}

export function CreateBoardDialog({ onClose, onCreated }: CreateBoardDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // "From a template" (docs/product.md, "Templates"): the template boards among the person's boards.
  const templates = (useBoards().data ?? []).filter((board) => board.isTemplate);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const noTemplate = templateId === '';
  // The server's own rules (@papan/shared), checked while typing: nothing invalid is sent.
  const issues = fieldIssues(createBoardSchema, { title, description });
  const invalid = issues.title !== undefined || issues.description !== undefined;
  const titleError = issueText(issues.title, t('boards.create.titleLabel'), t, {
    required: t('boards.create.errors.titleRequired'),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (invalid || noTemplate || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const text = description.trim();
      // A copy of the template with its template cards; its description comes with it.
      const board = templateId
        ? await copyBoard(templateId, { title: title.trim(), cards: 'templates' })
        : await createBoard({ title: title.trim(), ...(text ? { description: text } : {}) });
      toast.success(t('boards.create.success', { title: board.title }));
      refreshBoardLists(queryClient);
      onCreated?.(board);
      onClose();
    } catch (err) {
      console.error('Failed to create board', err);
      setError(t('boards.create.errors.failed'));
      setSubmitting(false);
    }
  }

  return (
    <Dialog title={t('boards.create.title')} description={t('boards.create.description')} onClose={onClose}>
      <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label={t('boards.create.titleLabel')}
          placeholder={t('boards.create.titlePlaceholder')}
          required
          autoFocus
          maxLength={LIMITS.title}
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched ? titleError : null}
        />
        <TemplateBoardField templates={templates} templateId={templateId} onChange={setTemplateId} />
        {templateId === null && (
          <TextareaField
            label={t('boards.create.descriptionLabel')}
            placeholder={t('boards.create.descriptionPlaceholder')}
            rows={3}
            maxLength={LIMITS.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
        {issues.description && (
          <Alert tone="error">{issueText(issues.description, t('boards.create.descriptionLabel'), t)}</Alert>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={invalid || noTemplate || submitting} loading={submitting}>
            {submitting ? t('boards.create.submitting') : t('boards.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
