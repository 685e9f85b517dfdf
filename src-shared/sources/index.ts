export * from './source-check.js';
export * from './source-endpoints.js';
export * from './source-guide.js';
export * from './source-suggestions.js';
