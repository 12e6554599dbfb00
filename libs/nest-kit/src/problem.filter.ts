import { Catch, type ArgumentsHost, type ExceptionFilter, type LoggerService } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { describeError } from './json-logger';
import { toProblem } from './to-problem';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function sendProblem(reply: FastifyReply, error: unknown, logger: LoggerService): void {
  const { problem, headers, unexpected } = toProblem(error);
  if (unexpected) logger.error('unhandled error', describeError(error), 'ProblemFilter');
  void reply
    .status(problem.status)
    .headers(headers)
    .header('content-type', PROBLEM_CONTENT_TYPE)
    .send(problem);
}

/** The one place errors become responses: problem+json, never a stack trace, never HTML. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  constructor(private readonly logger: LoggerService) {}

  catch(error: unknown, host: ArgumentsHost): void {
    sendProblem(host.switchToHttp().getResponse<FastifyReply>(), error, this.logger);
  }
}
