import { ForbiddenException, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { tokenAllows } from '@papan/shared';
import type { TokenGrant } from '../decorators/current-user.decorator';
import { TOKEN_ACCESS, type TokenCallKind } from '../decorators/token-access.decorator';

export const TOKEN_REFUSED = 'API tokens cannot be used for this call.';

/** Throws 403 unless the route accepts tokens and the token's scopes cover this call. */
export function assertTokenMayCall(reflector: Reflector, context: ExecutionContext, grant: TokenGrant): void {
  const kind = reflector.getAllAndOverride<TokenCallKind | undefined>(TOKEN_ACCESS, [
    context.getHandler(),
    context.getClass(),
  ]);
  if (!kind) throw new ForbiddenException(TOKEN_REFUSED);
  const method = context.switchToHttp().getRequest<{ method: string }>().method;
  const needed = kind === 'events' ? 'events' : method === 'GET' || method === 'HEAD' ? 'read' : 'write';
  if (!tokenAllows(grant.scopes, needed)) {
    const scope = needed === 'write' ? 'boards:write' : needed === 'read' ? 'boards:read' : 'events:read';
    throw new ForbiddenException(`This API token lacks the ${scope} scope.`);
  }
}
