import { attachmentThumbnailUrl, type CompactCard } from '@papan/shared';
import { AlignLeft, LayoutTemplate, Paperclip, SquareCheckBig } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { checklistTotals } from '../model/checklist-progress';
import { AttachmentImage } from './attachment-image';
import { useCardFaceShared } from './card-face-context';
import { DueBadge } from './due-badge';
import { FieldChips } from './fields/field-chips';
import { LabelChip } from './label-chip';

/**
 * What a card shows on the board: its cover image, a Template badge (docs/product.md, "Templates"),
 * labels, title, and a row of its due date, a description mark, checklist progress, its number of
 * files and who works on it.
 */
export const CardFace = memo(function CardFace({ card }: { card: CompactCard }) {
  const { t, language, labels: boardLabels, members: boardMembers, faceFields } = useCardFaceShared();
  const labels = card.labels.flatMap((id) => boardLabels.get(id) ?? []);
  const { done, total } = checklistTotals(card.checklists);
  const complete = total > 0 && done === total;
  const checklistText = total > 0 ? t('board.card.checklist', { done, total }) : '';
  const members = (card.memberIds ?? []).flatMap((id) => boardMembers.get(id) ?? []);
  const files = card.attachmentCount ?? 0;
  return (
    <>
      {card.coverAttachmentId && <CardCover attachmentId={card.coverAttachmentId} />}
      {card.isTemplate && (
        <span className="mb-2 inline-flex items-center gap-1 rounded-full border border-dashed border-indigo-400 bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:border-indigo-400/60 dark:bg-indigo-500/15 dark:text-indigo-200">
          <LayoutTemplate aria-hidden="true" className="size-3.5" />
          {t('board.card.template')}
        </span>
      )}
      {/* Read apart from the title that follows: "Template Bug report". */}
      {card.isTemplate && ' '}
      {labels.length > 0 && (
        <span className="mb-2 flex flex-wrap gap-1">
          {labels.map((label) => (
            <LabelChip key={label._id} label={label} />
          ))}
        </span>
      )}
      <span className="block text-sm leading-snug font-medium break-words text-slate-800 dark:text-slate-100">
        {card.title}
      </span>
      {card.fields && faceFields.length > 0 && (
        <FieldChips fields={faceFields} values={card.fields} language={language} t={t} />
      )}
      {(total > 0 || card.description || card.dueAt || files > 0 || members.length > 0) && (
        <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500 dark:text-slate-400">
          {card.dueAt && (
            <DueBadge dueAt={card.dueAt} complete={card.dueComplete} t={t} language={language} />
          )}
          {card.description && (
            <span title={t('board.card.hasDescription')}>
              <AlignLeft aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t('board.card.hasDescription')}</span>
            </span>
          )}
          {total > 0 && (
            <span
              className={`inline-flex items-center gap-1 rounded px-1.5 py-0.5 ${complete ? 'bg-emerald-600 text-white' : ''}`}
              title={checklistText}
            >
              <SquareCheckBig aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">
                {done}/{total}
              </span>
              <span className="sr-only">{checklistText}</span>
            </span>
          )}
          {files > 0 && (
            <span
              className="inline-flex items-center gap-1"
              title={t('board.card.attachments', { n: files })}
            >
              <Paperclip aria-hidden="true" className="size-3.5" />
              <span aria-hidden="true">{files}</span>
              <span className="sr-only">{t('board.card.attachments', { n: files })}</span>
            </span>
          )}
          {members.length > 0 && (
            <span
              className="ml-auto flex -space-x-1.5"
              title={t('board.cardMembers.onCard', { names: members.map((m) => m.name).join(', ') })}
            >
              {members.slice(0, 4).map((member) => (
                <span key={member._id} className="rounded-full ring-2 ring-white dark:ring-slate-900">
                  <Avatar name={member.name} src={member.avatarUrl} size="xs" />
                </span>
              ))}
              <span className="sr-only">
                {t('board.cardMembers.onCard', { names: members.map((m) => m.name).join(', ') })}
              </span>
            </span>
          )}
        </span>
      )}
    </>
  );
});

/** The cover image on top of the card, read with the session's header (no `<img src>` can be). */
function CardCover({ attachmentId }: { attachmentId: string }) {
  return (
    <span
      className="mb-2 block h-32 overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-700"
      data-cover-id={attachmentId}
    >
      <AttachmentImage url={attachmentThumbnailUrl(attachmentId)} />
    </span>
  );
}
