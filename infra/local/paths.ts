import { join, resolve } from 'node:path';

export const ROOT_DIR = resolve(__dirname, '../..');
/** Git-ignored: downloaded Kafka jars, broker data, embedded PostgreSQL, PID files, logs. */
export const CACHE_DIR = process.env['BOOKING_CACHE_DIR'] ?? join(ROOT_DIR, '.cache');
export const RUN_DIR = join(CACHE_DIR, 'run');
export const LOG_DIR = join(CACHE_DIR, 'logs');
