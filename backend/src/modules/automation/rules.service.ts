import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  createRuleSchema,
  nextScheduledRun,
  RULE_LIMITS,
  type CreateRuleInput,
  type DryRunRuleInput,
  type Rule,
  type RuleAction,
  type RuleDryRun,
  type RuleRun,
  type RuleTrigger,
  type UpdateRuleInput,
} from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import type { Executor } from '../../database/database';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { referencesOf, subjectOf } from './rule-matching';
import { toRule, toRuleRun } from './rule.view';
import { RulesRepository } from './rules.repository';

export const RULE_LIMIT_MESSAGE = `A board has at most ${RULE_LIMITS.perBoard} rules.`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The most runs a dry-run lists. */
const PREVIEW_RUNS = 100;
const wholeRule = new ZodValidationPipe(createRuleSchema);

/**
 * A board's rules (docs/automation.md): its owner makes, changes and deletes them, every member
 * sees them, their runs and their dry-runs. Each change to a rule is a board change with its event.
 */
@Injectable()
export class RulesService {
  constructor(
    private readonly rules: RulesRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async list(boardId: string, user: AuthUser): Promise<Rule[]> {
    await this.access.require(user, { boardId }, 'member');
    return (await this.rules.ofBoard(boardId)).map(toRule);
  }

  async create(boardId: string, user: AuthUser, input: CreateRuleInput): Promise<Rule> {
    await this.access.require(user, { boardId }, 'owner');
    const { name, trigger, actions } = wholeRule.transform(input);
    const enabled = input.enabled ?? true;
    return this.changes.run(boardId, user, async (tx) => {
      if ((await this.rules.countOf(boardId, tx)) >= RULE_LIMITS.perBoard)
        throw new ConflictException(RULE_LIMIT_MESSAGE);
      await this.checkReferences(boardId, trigger, actions, tx);
      const values = { boardId, name, trigger, actions, enabled, createdBy: user.id };
      const rule = toRule(await this.rules.insert({ ...values, nextRunAt: nextRun(trigger, enabled) }, tx));
      return { result: rule, event: { type: 'rule.created', payload: rule } };
    });
  }

  /**
   * Changes any of name, trigger, actions, enabled; the rule as a whole is checked again. Turned on
   * again, it looks at the log from now on and forgets why it was turned off.
   */
  async update(ruleId: string, user: AuthUser, input: UpdateRuleInput): Promise<Rule> {
    const { boardId } = await this.access.require(user, { ruleId }, 'owner');
    return this.changes.run(boardId, user, async (tx) => {
      const before = await this.rules.find(ruleId, tx);
      if (!before) throw new NotFoundException('Rule not found');
      const { name, trigger, actions } = wholeRule.transform({
        name: input.name ?? before.name,
        trigger: input.trigger ?? before.trigger,
        actions: input.actions ?? before.actions,
      });
      await this.checkReferences(boardId, trigger, actions, tx);
      const enabled = input.enabled ?? before.enabled;
      const restart = enabled && !before.enabled;
      const edited = input.trigger !== undefined || input.actions !== undefined;
      const values = {
        name,
        trigger,
        actions,
        enabled,
        ...(restart || edited ? { disabledReason: null } : {}),
        nextRunAt: nextRun(trigger, enabled),
      };
      const rule = toRule(await this.rules.update(ruleId, values, restart, tx));
      return { result: rule, event: { type: 'rule.updated', payload: rule } };
    });
  }

  async remove(ruleId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const { boardId } = await this.access.require(user, { ruleId }, 'owner');
    return this.changes.run(boardId, user, async (tx) => {
      if (!(await this.rules.find(ruleId, tx))) throw new NotFoundException('Rule not found');
      await this.rules.delete(ruleId, tx);
      return {
        result: { message: 'Rule deleted', _id: ruleId },
        event: { type: 'rule.deleted', payload: { _id: ruleId } },
      };
    });
  }

  async runs(ruleId: string, user: AuthUser): Promise<RuleRun[]> {
    await this.access.require(user, { ruleId }, 'member');
    return (await this.rules.runsOf(ruleId, RULE_LIMITS.runsKept)).map(toRuleRun);
  }

  /** What the saved rule would have done over the last 7 days. */
  async dryRun(ruleId: string, user: AuthUser): Promise<RuleDryRun> {
    const { boardId } = await this.access.require(user, { ruleId }, 'member');
    const rule = await this.rules.find(ruleId);
    if (!rule) throw new NotFoundException('Rule not found');
    return this.preview(boardId, rule.trigger, rule.actions);
  }

  /** The builder's preview of a rule not saved yet. */
  async dryRunDraft(boardId: string, user: AuthUser, input: DryRunRuleInput): Promise<RuleDryRun> {
    await this.access.require(user, { boardId }, 'member');
    const { trigger, actions } = wholeRule.transform({ name: 'preview', ...input });
    await this.checkReferences(boardId, trigger, actions);
    return this.preview(boardId, trigger, actions);
  }

  /**
   * Reads the log (or the cards' due dates, or the schedule's times) of the last 7 days and says
   * for each time the rule would have run, on which card, what it would have done. Writes nothing.
   */
  private async preview(boardId: string, trigger: RuleTrigger, actions: RuleAction[]): Promise<RuleDryRun> {
    const now = new Date();
    const since = new Date(now.getTime() - RULE_LIMITS.dryRunDays * DAY_MS);
    const runs: RuleDryRun['runs'] = [];
    if (trigger.type === 'schedule') {
      for (let at = nextScheduledRun(trigger.cron, trigger.tz, since); at && at <= now;) {
        runs.push({ eventVersion: null, scheduledFor: at.toISOString(), cardId: null, actions });
        at = nextScheduledRun(trigger.cron, trigger.tz, at);
      }
    } else if (trigger.type === 'card.dueSoon' || trigger.type === 'card.overdue') {
      const ahead = trigger.type === 'card.dueSoon' ? trigger.hours * 60 * 60 * 1000 : 0;
      const cards = await this.rules.cardsDueBetween(
        boardId,
        since,
        new Date(now.getTime() + ahead),
        PREVIEW_RUNS,
      );
      for (const card of cards)
        runs.push({ eventVersion: null, scheduledFor: card.dueAt!.toISOString(), cardId: card.id, actions });
    } else {
      for (const event of await this.rules.eventsSince(boardId, since, 100_000)) {
        const cardId = subjectOf(trigger, event);
        if (cardId) runs.push({ eventVersion: event.version, cardId, actions });
      }
    }
    return { runs: runs.slice(-PREVIEW_RUNS) };
  }

  /** Every list, label and person the rule names is one of the board's: a 400 names the first that is not. */
  private async checkReferences(boardId: string, trigger: RuleTrigger, actions: RuleAction[], ex?: Executor) {
    const refs = referencesOf(trigger, actions);
    const known = await this.rules.onBoard(boardId, refs, ex);
    const fail = (field: string, what: string) => {
      throw new BadRequestException(`${field}: not ${what} of this board`);
    };
    if ('listId' in trigger && trigger.listId && !known.has(trigger.listId)) fail('trigger.listId', 'a list');
    if ('labelId' in trigger && !known.has(trigger.labelId)) fail('trigger.labelId', 'a label');
    actions.forEach((action, i) => {
      if ('listId' in action && !known.has(action.listId)) fail(`actions.${i}.listId`, 'a list');
      if ('labelId' in action && !known.has(action.labelId)) fail(`actions.${i}.labelId`, 'a label');
      if ('userId' in action && action.userId !== 'actor' && !known.has(action.userId))
        fail(`actions.${i}.userId`, 'a member');
      if (action.type === 'createCard')
        (action.labelIds ?? []).forEach((id, j) => {
          if (!known.has(id)) fail(`actions.${i}.labelIds.${j}`, 'a label');
        });
    });
  }
}

/** A schedule's next due time from now, while it is on. */
function nextRun(trigger: RuleTrigger, enabled: boolean): Date | null {
  return enabled && trigger.type === 'schedule'
    ? nextScheduledRun(trigger.cron, trigger.tz, new Date())
    : null;
}
