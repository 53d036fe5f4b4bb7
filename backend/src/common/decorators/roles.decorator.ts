import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { Role } from '@papan/shared';
import { ROLES, RolesGuard } from '../guards/roles.guard';

/** Only callers with one of these roles get through; everyone else signed in gets 403. */
export const Roles = (...roles: Role[]) => applyDecorators(SetMetadata(ROLES, roles), UseGuards(RolesGuard));
