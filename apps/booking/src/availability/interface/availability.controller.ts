import { Controller, Get, Header, Query } from '@nestjs/common';
import { availabilityQuery } from '@booking/contracts';
import { validate } from '@booking/nest-kit';
import { toResourceView } from '../../resources/interface/resource-view';
import { SearchAvailability } from '../application/search-availability.usecase';

@Controller('availability')
export class AvailabilityController {
  constructor(private readonly search: SearchAvailability) {}

  /** A `Page<ResourceView>`, sent as the JSON bytes the cache holds (not parsed and serialized again). */
  @Get()
  @Header('content-type', 'application/json; charset=utf-8')
  find(@Query() query: unknown): Promise<Buffer> {
    return this.search.execute(validate(availabilityQuery, query), toResourceView);
  }
}
