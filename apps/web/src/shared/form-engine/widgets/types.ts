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

export interface FieldKind {
  edit: ComponentType<WidgetProps>;
  /** The read-only rendering (widgets.md §2); default: the value as text. */
  view?: ComponentType<ViewProps>;
  /** Display kinds render the same for input and detail and have no label of their own unless set. */
  display?: boolean;
}

export type KindRegistry = Record<string, FieldKind>;

export type Renderable = ReactNode;
