import type { LoggerService, LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context';

const ORDER: Record<string, number> = { verbose: 0, debug: 1, log: 2, info: 2, warn: 3, error: 4, fatal: 5 };

/** One JSON object a line on stdout: what log collectors in Kubernetes read without parsing rules. */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly service: string,
    level: 'debug' | 'info' | 'warn' | 'error' = 'info',
    private readonly write: (line: string) => void = (line) => process.stdout.write(line),
  ) {
    this.threshold = ORDER[level] ?? 2;
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }
  setLogLevels(_levels: LogLevel[]): void {
    // The level comes from LOG_LEVEL at start-up only.
  }

  /** Structured fields next to the message: `logger.event('info', 'relay stopped', { sent: 3 })`. */
  event(level: 'debug' | 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
    this.emit(level, msg, [fields]);
  }

  private emit(level: string, message: unknown, rest: unknown[]): void {
    if ((ORDER[level] ?? 2) < this.threshold) return;
    // Nest passes the context (a class name) last, and for errors a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    for (const item of rest) {
      if (typeof item === 'string') fields['stack'] = item;
      else if (item instanceof Error) Object.assign(fields, describeError(item));
      else if (item && typeof item === 'object') Object.assign(fields, item);
    }
    const line = {
      time: new Date().toISOString(),
      level,
      service: this.service,
      ...(context ? { context } : {}),
      requestId: currentRequestId(),
      msg:
        message instanceof Error
          ? message.message
          : typeof message === 'string'
            ? message
            : JSON.stringify(message),
      ...(message instanceof Error ? describeError(message) : {}),
      ...fields,
    };
    this.write(`${JSON.stringify(line)}\n`);
  }
}

export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: error.message, errorName: error.name, stack: error.stack };
}
