export * from './media-contract.js';
