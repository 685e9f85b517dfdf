import { inject, type App, type InjectionKey } from 'vue';
import type { Bridge } from '../src-shared/bridge/index.js';
import type { OutpostDb } from '../src-shared/store/index.js';

/** What every view needs from outside Vue: the cache and the bridge. Tests provide fakes. */
export interface AppContext {
  readonly db: OutpostDb;
  readonly bridge: Bridge;
}

export const APP_CONTEXT: InjectionKey<AppContext> = Symbol('outpost-app-context');

export function provideAppContext(app: App, context: AppContext): void {
  app.provide(APP_CONTEXT, context);
}

export function useAppContext(): AppContext {
  const context = inject(APP_CONTEXT);
  if (!context) throw new Error('the app context was not provided');
  return context;
}
