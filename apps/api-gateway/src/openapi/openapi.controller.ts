import { Controller, Get } from '@nestjs/common';
import { Public } from '@booking/nest-kit';
import { buildOpenApiDocument } from './openapi-document';

@Controller('v1')
export class OpenApiController {
  private readonly document = buildOpenApiDocument();

  @Get('openapi.json')
  @Public()
  openapi(): Record<string, unknown> {
    return this.document;
  }
}
