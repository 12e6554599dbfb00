export * from './common';
export * from './resource';
