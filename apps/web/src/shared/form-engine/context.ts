import { type ComponentType, createContext, useContext } from 'react';
import type { FormStore } from './store.ts';

export type RenderMode = 'edit' | 'detail';

export interface EngineContext {
  store: FormStore;
  mode: RenderMode;
  labelWidth: number;
  labelPosition: string;
  disabled: boolean;
  gutter: number;
  /**
   * The renderer itself, for a widget that shows a whole form inside a field (a related record's
   * detail): the recursion runs through this context, not through an import back to FormRenderer.
   */
  Renderer: ComponentType<{ store: FormStore; mode?: RenderMode }>;
}

export const EngineCtx = createContext<EngineContext | null>(null);

export function useEngine(): EngineContext {
  const ctx = useContext(EngineCtx);
  if (!ctx) throw new Error('form-engine: outside <FormRenderer>');
  return ctx;
}
