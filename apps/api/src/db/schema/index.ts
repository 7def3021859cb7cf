export * from './catalogue.js';
export * from './users.js';
export * from './subscriptions.js';
export * from './content.js';
export * from './accounts.js';
export * from '../../modules/notifications/schema.js';
