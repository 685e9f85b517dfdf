export * from './contract.js';
export * from './wire.js';
export * from './shell-contract.js';
export * from './sync-settings.js';
