import { createContext, useContext } from 'react';
import type { FormStore } from './store.ts';

export type RenderMode = 'edit' | 'detail';

export interface EngineContext {
  store: FormStore;
  mode: RenderMode;
  labelWidth: number;
  labelPosition: string;
  disabled: boolean;
  gutter: number;
}

export const EngineCtx = createContext<EngineContext | null>(null);

export function useEngine(): EngineContext {
  const ctx = useContext(EngineCtx);
  if (!ctx) throw new Error('form-engine: outside <FormRenderer>');
  return ctx;
}
