import type { InviteMemberResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards/{id}/members {email}: an invitation, or the auto-join for one's own e-mail. */
export function inviteMember(boardId: string, email: string): Promise<InviteMemberResult> {
  return api.post<InviteMemberResult>(`/api/boards/${boardId}/members`, { email });
}
