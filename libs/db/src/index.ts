export {
  type Queryable,
  type TransactionClient,
  TransactionRolledBack,
  withTransaction,
} from './transaction';
export { createPool, databaseUrl, timeoutOptions, warmPool, type DatabaseTimeouts } from './pool';
export { ensureDatabase, dropDatabase } from './database-admin';
export { runMigrations, type MigrationClass } from './migrations';
export {
  isDatabaseTimeout,
  isDatabaseUnavailable,
  isPgError,
  isValueOutOfRange,
  PG_ERRORS,
} from './pg-errors';
export { isUuid } from './uuid';
