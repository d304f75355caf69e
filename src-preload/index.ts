import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from './bridge';

// Only named verbs cross into the page: never ipcRenderer itself, never process or env.
const merchant = createBridge({
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload),
  subscribe: (channel, listener) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('merchant', merchant);
