import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createResourceSchema,
  listResourcesQuery,
  updateResourceSchema,
  updateScheduleSchema,
  type Caller,
  type Page,
  type ResourceView,
} from '@booking/contracts';
import { CurrentCaller, Roles, validate } from '@booking/nest-kit';
import { ResourcesService } from '../application/resources.service';
import { toResourceView } from './resource-view';

/** Internal API, reached through the gateway; each route's roles hold here as there. */
@Controller('resources')
export class ResourcesController {
  constructor(private readonly resources: ResourcesService) {}

  @Post()
  @Roles('admin')
  @HttpCode(201)
  async create(@Body() body: unknown): Promise<ResourceView> {
    return toResourceView(await this.resources.create(validate(createResourceSchema, body)));
  }

  @Get()
  async list(@Query() query: unknown): Promise<Page<ResourceView>> {
    const page = await this.resources.list(validate(listResourcesQuery, query));
    return { data: page.data.map(toResourceView), nextCursor: page.nextCursor };
  }

  @Get(':resourceId')
  async get(@Param('resourceId') resourceId: string): Promise<ResourceView> {
    return toResourceView(await this.resources.get(resourceId));
  }

  @Patch(':resourceId')
  @Roles('admin')
  async update(@Param('resourceId') resourceId: string, @Body() body: unknown): Promise<ResourceView> {
    return toResourceView(await this.resources.update(resourceId, validate(updateResourceSchema, body)));
  }

  @Patch(':resourceId/schedule')
  @Roles('host', 'admin')
  async updateSchedule(
    @CurrentCaller() caller: Caller,
    @Param('resourceId') resourceId: string,
    @Body() body: unknown,
  ): Promise<ResourceView> {
    const patch = validate(updateScheduleSchema, body);
    return toResourceView(await this.resources.updateSchedule(caller, resourceId, patch));
  }
}
