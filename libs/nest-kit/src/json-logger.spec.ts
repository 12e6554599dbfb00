import { JsonLogger } from './json-logger';
import { requestContext } from './request-context';

describe('JsonLogger', () => {
  function capture(level: 'debug' | 'info' = 'info') {
    const lines: Record<string, unknown>[] = [];
    const logger = new JsonLogger('booking', level, (line) =>
      lines.push(JSON.parse(line) as Record<string, unknown>),
    );
    return { logger, lines };
  }

  it('writes one JSON object a line with the service, context and request id', () => {
    const { logger, lines } = capture();
    requestContext.run({ requestId: 'req-1' }, () => logger.log('resource created', 'ResourcesService'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        service: 'booking',
        context: 'ResourcesService',
        requestId: 'req-1',
        msg: 'resource created',
      }),
    ]);
  });

  it('keeps structured fields and error details', () => {
    const { logger, lines } = capture();
    logger.event('warn', 'outbox relay: will retry', { lane: 3 });
    logger.error(new Error('boom'));
    expect(lines[0]).toMatchObject({ level: 'warn', msg: 'outbox relay: will retry', lane: 3 });
    expect(lines[1]).toMatchObject({ level: 'error', msg: 'boom', error: 'boom', errorName: 'Error' });
  });

  it('drops what is below its level', () => {
    const { logger, lines } = capture('info');
    logger.debug('noisy');
    expect(lines).toEqual([]);
  });
});
