export * from './offices.js';
export * from './people.js';
export * from './activity.js';
export * from './account.js';
export * from './reports.js';
