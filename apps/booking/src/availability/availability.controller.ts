import { Controller, Get, Query } from '@nestjs/common';
import { availabilityQuery, type Page, type ResourceView } from '@booking/contracts';
import { validate } from '@booking/nest-kit';
import { SearchAvailability } from './search-availability.usecase';

@Controller('availability')
export class AvailabilityController {
  constructor(private readonly search: SearchAvailability) {}

  @Get()
  find(@Query() query: unknown): Promise<Page<ResourceView>> {
    return this.search.execute(validate(availabilityQuery, query));
  }
}
