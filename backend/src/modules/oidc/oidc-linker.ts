import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RequestMeta } from '../../common/request-meta';
import type { Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { AuditService } from '../audit/audit.service';
import { hashLinkSecret } from '../auth/link-secrets';
import type { UserRow } from '../users/users.repository';
import { OidcIdentitiesRepository } from './oidc-identities.repository';

/**
 * Makes a pending single sign-on link real once the account's owner has signed in with its
 * password in the browser holding the link's cookie (docs/api.md, "Single sign-on").
 */
@Injectable()
export class OidcLinker {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly identities: OidcIdentitiesRepository,
    private readonly audit: AuditService,
  ) {}

  /** Answers whether a link was made; a token of someone else's or an ended one links nothing. */
  async linkAfterPassword(token: string, user: UserRow, meta: RequestMeta): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const pending = await this.identities.takePendingLink(hashLinkSecret(token), user.id, tx);
      if (!pending) return false;
      if (!(await this.identities.link(user.id, pending, tx))) {
        this.logger.warn(
          `Single sign-on link refused: ${pending.issuer} ${pending.subject} is linked already`,
        );
        return false;
      }
      await this.audit.record(tx, {
        actor: { _id: user.id, email: user.email },
        ...meta,
        action: 'auth.sso.linked',
        target: { type: 'user', _id: user.id },
        details: { issuer: pending.issuer, subject: pending.subject, via: 'password' },
      });
      return true;
    });
  }
}
