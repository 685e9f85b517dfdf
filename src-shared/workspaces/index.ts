export * from './connect-form.js';
export * from './scope-areas.js';
export * from './workspace-contract.js';
export * from './workspace-storage.js';
