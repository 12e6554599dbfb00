import { Controller, Get, Param, Query } from '@nestjs/common';
import { slotsQuery } from '@booking/contracts';
import { validate } from '@booking/nest-kit';
import { ListSlots, type SlotView } from '../application/list-slots.usecase';

@Controller('resources/:resourceId/slots')
export class SlotsController {
  constructor(private readonly slots: ListSlots) {}

  @Get()
  list(@Param('resourceId') resourceId: string, @Query() query: unknown): Promise<{ data: SlotView[] }> {
    return this.slots.execute(resourceId, validate(slotsQuery, query));
  }
}
