import { BlockList, isIPv4 } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';

/**
 * Metrics tell a lot about the service: only loopback, the METRICS_ALLOW ranges, or a caller with
 * `Authorization: Bearer <METRICS_TOKEN>` may read them.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  private readonly allowed = new BlockList();
  private readonly token: Buffer | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.allowed.addSubnet('127.0.0.0', 8, 'ipv4');
    this.allowed.addAddress('::1', 'ipv6');
    for (const entry of config.metrics.allow) {
      const [address, prefix] = entry.split('/');
      const family = isIPv4(address) ? 'ipv4' : 'ipv6';
      if (prefix === undefined) this.allowed.addAddress(address, family);
      else this.allowed.addSubnet(address, Number(prefix), family);
    }
    this.token = config.metrics.token ? Buffer.from(`Bearer ${config.metrics.token}`) : null;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (this.hasToken(request.headers.authorization) || this.isAllowed(request.ip)) return true;
    throw new ForbiddenException('Metrics are not available to this address');
  }

  private hasToken(header: string | undefined): boolean {
    if (!this.token || !header) return false;
    const given = Buffer.from(header);
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }

  private isAllowed(ip: string): boolean {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    return this.allowed.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  }
}
