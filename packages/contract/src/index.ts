export * from './roles.js';
export * from './constants.js';
export * from './errors.js';
export * from './envelope.js';
export * from './auth.js';
export * from './profile.js';
export * from './offices.js';
export * from './time.js';
