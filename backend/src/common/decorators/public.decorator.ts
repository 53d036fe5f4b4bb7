import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'papan:isPublic';
/** Marks a route that needs no token. Every other route needs one (the guard is global). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
