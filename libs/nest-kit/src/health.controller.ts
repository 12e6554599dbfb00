import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from './public.decorator';
import { Readiness, type ReadinessReport } from './readiness';

@Controller('health')
@Public()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  /** The process is up and its event loop turns; nothing else is asked, so a slow database never restarts pods. */
  @Get('live')
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessReport> {
    const report = await this.readiness.report();
    void reply.status(report.status === 'ready' ? 200 : 503);
    return report;
  }
}
