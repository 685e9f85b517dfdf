// A deliberately insecure window: the scan must report it, or the scan is not working.
import { BrowserWindow } from 'electron';
const win = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });
win.loadURL('http://example.com/');
