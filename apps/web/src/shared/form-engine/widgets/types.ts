import type { FormField } from '@platform/shared';
import type { ComponentType, ReactNode } from 'react';
import type { FormStore } from '../store.ts';

/** What every input widget receives. */
export interface WidgetProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  store: FormStore;
  /** The id of the control, tied to its label. */
  id: string;
  /** Row values when the widget is a sub-table cell. */
  row?: Record<string, unknown>;
}

/** What a read-only value renderer receives. */
export interface ViewProps {
  field: FormField;
  value: unknown;
  store: FormStore;
  row?: Record<string, unknown>;
}

/** What the form engine draws a value kind with (`kinds`, read from `WEB_KINDS`). */
export interface FieldKind {
  edit: ComponentType<WidgetProps>;
  /** The read-only rendering (widgets.md §2); default: the value as text. */
  view?: ComponentType<ViewProps>;
}

export type KindRegistry = Record<string, FieldKind>;

export type Renderable = ReactNode;
