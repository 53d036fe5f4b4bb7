import { Controller, Get, Res } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { Public } from '../../common/decorators/public.decorator';
import { DOCS_HTML, DOCS_SCRIPT } from './docs-page';
import { openApiDocument } from './openapi-document';
import { routeHandlers, routeInputs } from './routes';

/** The API described (`/api/openapi.json`) and rendered (`/api/docs`): docs/api.md, "OpenAPI". */
@Controller('api')
export class OpenApiController {
  private document?: Record<string, unknown>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  @Public()
  @Get('openapi.json')
  openApi() {
    // The routes are fixed once the app runs: the document is made on first use and kept.
    this.document ??= openApiDocument(
      routeInputs(routeHandlers(this.discovery, this.scanner)),
      process.env.npm_package_version ?? '1.0.0',
    );
    return this.document;
  }

  @Public()
  @Get('docs')
  async docs(@Res() reply: FastifyReply): Promise<void> {
    await reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_HTML);
  }

  @Public()
  @Get('docs/docs.js')
  async docsScript(@Res() reply: FastifyReply): Promise<void> {
    await reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_SCRIPT);
  }
}
