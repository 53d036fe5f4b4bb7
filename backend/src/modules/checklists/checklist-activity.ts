import type { ChecklistItem } from '@papan/shared';
import { activityText } from '../../common/html';

/** What the activities of checklists and their items say (common/html: escaped, by template). */
export const checklistActivity = {
  created: (checklist: string, card: string) => activityText('checklist.created', { checklist, card }),
  renamed: (from: string, to: string) => activityText('checklist.renamed', { from, to }),
  deleted: (checklist: string, card: string) => activityText('checklist.deleted', { checklist, card }),
  itemAdded: (item: string, checklist: string) => activityText('item.created', { item, checklist }),
  itemDeleted: (item: string, checklist: string) => activityText('item.deleted', { item, checklist }),
  itemUpdated: (before: Pick<ChecklistItem, 'text' | 'isCompleted'>, after: ChecklistItem) => {
    if (after.isCompleted !== before.isCompleted)
      return activityText(after.isCompleted ? 'item.completed' : 'item.reopened', { item: after.text });
    if (after.text !== before.text)
      return activityText('item.renamed', { from: before.text, to: after.text });
    return activityText('item.updated', { item: after.text });
  },
};
