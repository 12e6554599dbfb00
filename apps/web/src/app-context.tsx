import { createContext, useContext } from 'react';
import type { Api } from './api/client';
import type { Session } from './auth/session';
import type { WebConfig } from './config';

export interface AppState {
  config: WebConfig;
  api: Api;
  session: Session;
  /** The zone the viewer reads times in: detected, changeable. */
  zone: string;
  setZone: (zone: string) => void;
}

export const AppContext = createContext<AppState | undefined>(undefined);

export function useApp(): AppState {
  const state = useContext(AppContext);
  if (!state) throw new Error('useApp outside the signed-in app');
  return state;
}
