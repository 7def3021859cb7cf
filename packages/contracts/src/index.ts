export * from './common.js';
export * from './auth.js';
export * from './subscription.js';
export * from './account.js';
export * from './health.js';
export * from './accounts.js';
export * from './history.js';
export * from './admin.js';
