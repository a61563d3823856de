export * from './common.js';
export * from './lists.js';
export * from './me.js';
export * from './users.js';
export * from './clients.js';
export * from './cases.js';
export * from './lookups.js';
export * from './push.js';
