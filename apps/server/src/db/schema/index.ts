export * from './offices.js';
export * from './people.js';
export * from './activity.js';
