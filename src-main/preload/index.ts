import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadTransport } from './preload-transport.js';

// The only thing the page gets from the preload: the bridge's transport, as `window.outpost`.
contextBridge.exposeInMainWorld('outpost', createPreloadTransport(ipcRenderer));
