import type { CreateRuleInput, Rule, RuleRun } from '@papan/shared';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

export async function makeRule(
  t: TestApp,
  user: TestUser,
  boardId: string,
  body: CreateRuleInput,
): Promise<Rule> {
  const res = await t.http.post(`/api/boards/${boardId}/rules`).set(user.auth).send(body);
  if (res.status !== 201) throw new Error(`create rule: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function runsOf(t: TestApp, user: TestUser, ruleId: string): Promise<RuleRun[]> {
  return (await t.http.get(`/api/rules/${ruleId}/runs`).set(user.auth).expect(200)).body;
}

/** Waits (up to `ms`, 2 s: the contract's "within 2 s") until the rule has `count` runs; answers them. */
export async function untilRuns(
  t: TestApp,
  user: TestUser,
  ruleId: string,
  count: number,
  ms = 2_000,
): Promise<RuleRun[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const runs = await runsOf(t, user, ruleId);
    if (runs.length >= count) return runs;
    if (Date.now() > deadline)
      throw new Error(
        `rule ${ruleId}: ${runs.length} runs after ${ms} ms, wanted ${count}: ${JSON.stringify(runs)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function cardOf(t: TestApp, user: TestUser, cardId: string) {
  return t.http.get(`/api/cards/${cardId}`).set(user.auth);
}
