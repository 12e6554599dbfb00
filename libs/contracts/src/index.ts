export * from './topics';
export * from './cloud-event';
export * from './events';
export * from './roles';
export * from './errors';
export * from './http';
