export * from './common';
export * from './resource';
export * from './booking';
