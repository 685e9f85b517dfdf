export * from './contract.js';
export * from './wire.js';
