export {
  type Queryable,
  type TransactionClient,
  TransactionRolledBack,
  withTransaction,
} from './transaction';
export { createPool, databaseUrl } from './pool';
export { ensureDatabase, dropDatabase } from './database-admin';
export { runMigrations, type MigrationClass } from './migrations';
export { isPgError, PG_ERRORS } from './pg-errors';
export { isUuid } from './uuid';
