/** The automation panel's cached reads. */
export const rulesKey = (boardId: string) => ['board', boardId, 'rules'] as const;
export const ruleRunsKey = (ruleId: string) => ['rule', ruleId, 'runs'] as const;
