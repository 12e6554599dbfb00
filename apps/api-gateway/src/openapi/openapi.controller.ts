import { Controller, Get } from '@nestjs/common';
import { buildAsyncApiDocument } from '@booking/contracts';
import { Public } from '@booking/nest-kit';
import { buildOpenApiDocument } from './openapi-document';

/** The two contracts, for code generators: the HTTP API (OpenAPI) and the events (AsyncAPI). */
@Controller('v1')
export class OpenApiController {
  private readonly openApi = buildOpenApiDocument();
  private readonly asyncApi = buildAsyncApiDocument();

  @Get('openapi.json')
  @Public()
  openapi(): Record<string, unknown> {
    return this.openApi;
  }

  @Get('asyncapi.json')
  @Public()
  asyncapi(): Record<string, unknown> {
    return this.asyncApi;
  }
}
