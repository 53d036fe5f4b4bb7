import { SetMetadata } from '@nestjs/common';

export const ANSWER_HOLDS_SECRET = 'papan:answerHoldsSecret';

/**
 * Marks a create whose answer carries a secret shown only once (an API token, a webhook's signing
 * secret). An `Idempotency-Key` on it stores that the create happened, never the answer, and a
 * retry answers 409 instead of handing the secret out again (docs/api.md, "Retrying creates").
 */
export const AnswerHoldsSecret = () => SetMetadata(ANSWER_HOLDS_SECRET, true);
