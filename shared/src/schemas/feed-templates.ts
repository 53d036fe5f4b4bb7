/**
 * The words of every activity and notification, by id, in English; `{{name}}` marks user text.
 * The server stores the id and the values with each entry (and the English text, for clients that
 * only read `description`/`text`); the browser shows the entry in the reader's language from its
 * translation files (`activity.templates.*`, `notifications.templates.*`), falling back to the
 * stored English text for entries written before ids were kept.
 */
export const ACTIVITY_TEMPLATES = {
  'board.created': 'created board {{board}}',
  'board.renamed': 'renamed board {{from}} to {{to}}',
  'board.updated': 'updated board {{board}}',
  'board.archived': 'archived board {{board}}',
  'board.restored': 'restored board {{board}}',
  'board.imported': 'imported this board',
  'board.copied': 'copied this board from {{board}}',
  'list.created': 'added list {{list}}',
  'list.renamed': 'renamed list {{from}} to {{to}}',
  'list.deleted': 'deleted list {{list}}',
  'list.undeleted': 'restored list {{list}}',
  'list.moved': 'moved list {{list}}',
  'list.reordered': 'reordered the lists',
  'card.created': 'added card {{card}} to {{list}}',
  'card.renamed': 'renamed card {{from}} to {{to}}',
  'card.updated': 'updated card {{card}}',
  'card.deleted': 'deleted card {{card}} from {{list}}',
  'card.undeleted': 'restored card {{card}} to {{list}}',
  'card.copied': 'copied card {{card}}',
  'card.movedWithin': 'moved card {{card}} within {{list}}',
  'card.moved': 'moved card {{card}} from {{from}} to {{to}}',
  'card.labelAdded': 'added label {{label}} to {{card}}',
  'card.labelRemoved': 'removed label {{label}} from {{card}}',
  'card.dueSet': 'set the due date of {{card}} to {{due}}',
  'card.dueRemoved': 'removed the due date of {{card}}',
  'card.dueCompleted': 'marked the due date of {{card}} complete',
  'card.dueReopened': 'marked the due date of {{card}} incomplete',
  'card.memberAdded': 'added {{member}} to card {{card}}',
  'card.memberRemoved': 'removed {{member}} from card {{card}}',
  'card.joined': 'joined card {{card}}',
  'card.left': 'left card {{card}}',
  'card.coverSet': 'set {{file}} as the cover of {{card}}',
  'card.coverRemoved': 'removed the cover of {{card}}',
  'attachment.added': 'attached {{file}} to {{card}}',
  'attachment.removed': 'removed attachment {{file}} from {{card}}',
  'label.created': 'created label {{label}}',
  'label.renamed': 'renamed label {{from}} to {{to}}',
  'label.updated': 'updated label {{label}}',
  'label.deleted': 'deleted label {{label}}',
  'checklist.created': 'added checklist {{checklist}} to {{card}}',
  'checklist.renamed': 'renamed checklist {{from}} to {{to}}',
  'checklist.deleted': 'deleted checklist {{checklist}} from {{card}}',
  'checklist.undeleted': 'restored checklist {{checklist}} to {{card}}',
  'item.created': 'added {{item}} to checklist {{checklist}}',
  'item.deleted': 'deleted {{item}} from checklist {{checklist}}',
  'item.completed': 'completed {{item}}',
  'item.reopened': 'marked {{item}} incomplete',
  'item.renamed': 'renamed checklist item {{from}} to {{to}}',
  'item.updated': 'updated checklist item {{item}}',
  'member.added': 'added {{member}} to the board',
  'member.removed': 'removed {{member}} from the board',
  'member.joinedByInvitation': 'joined the board by invitation',
  'member.joined': 'joined the board',
  'member.invited': 'invited {{email}}',
  'comment.created': 'commented on {{card}}',
  'comment.edited': 'edited a comment on {{card}}',
  'comment.deleted': 'deleted a comment on {{card}}',
  'comment.undeleted': 'restored a comment on {{card}}',
} as const;

export const NOTIFICATION_TEMPLATES = {
  addedYou: '{{actor}} added you to the board "{{board}}"',
  joinedYourBoard: '{{actor}} joined your board "{{board}}"',
  commented: '{{actor}} commented on "{{card}}"',
  mention: '{{actor}} mentioned you on "{{card}}"',
  assignedYou: '{{actor}} added you to the card "{{card}}"',
  dueSoon: 'The card "{{card}}" is due in 24 hours',
  overdue: 'The card "{{card}}" is overdue',
  webhookDisabled:
    'A webhook of your board "{{board}}" was turned off after 20 failed deliveries in a row: {{url}}',
  ruleDisabled: 'The rule "{{rule}}" of your board "{{board}}" was turned off: {{reason}}',
  webhookRevoked:
    'A webhook of your board "{{board}}" was turned off when your account was secured; turn it on again if you added it: {{url}}',
} as const;

export type ActivityTemplate = keyof typeof ACTIVITY_TEMPLATES;
export type NotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;

/** The placeholder names of a template string, as a union. */
type Placeholders<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values an activity template needs, exactly. */
export type ActivityParams<K extends ActivityTemplate> = Record<
  Placeholders<(typeof ACTIVITY_TEMPLATES)[K]>,
  string
>;
export type NotificationParams<K extends NotificationTemplate> = Record<
  Placeholders<(typeof NOTIFICATION_TEMPLATES)[K]>,
  string
>;

/** Fills `{{name}}` placeholders, each value passed through `wrap` (escaping, bold). */
export function fillTemplate(
  template: string,
  params: Record<string, string>,
  wrap: (value: string) => string = (value) => value,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => wrap(params[name] ?? ''));
}
