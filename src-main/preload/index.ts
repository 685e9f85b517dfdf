import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './preload-bridge.js';

// The only thing the page gets from the preload: the bridge, as `window.outpost`.
contextBridge.exposeInMainWorld('outpost', createPreloadBridge(ipcRenderer));
