export * from './scalars.js';
export * from './resources.js';
export * from './requests.js';
export * from './endpoints.js';
export * from './api-parse-error.js';
export * from './parse.js';
export * from './dialect.js';
export * from './paths.js';
