export * from './decision.js';
export * from './case.js';
export * from './user.js';
export * from './client.js';
export * from './case-status.js';
export * from './chat.js';
export * from './map.js';
export * from './catalogues.js';
