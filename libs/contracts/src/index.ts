export * from './topics';
export * from './cloud-event';
export * from './events';
export * from './roles';
