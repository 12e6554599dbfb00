export * from './common';
export * from './resource';
export * from './booking';
export * from './payment';
export * from './notification';
export * from './calendar';
export * from './customer';
