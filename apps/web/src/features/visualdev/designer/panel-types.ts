import type { FormField } from '@platform/shared';
import type { DesignNode, FormSettings } from './state.ts';

/** The property panel's inputs, shared by the panel and its sections. */

/** A field a calculation may use: its name in the expression (`table.column` inside a sub-table) and its label. */
export interface Operand {
  name: string;
  label: string;
  /** The field's kind, stored with an interface parameter that reads it. */
  jnpfKey?: string;
}

export interface PropertyPanelProps {
  node: DesignNode | undefined;
  /** The number fields the selected calculation may pick. */
  operands: Operand[];
  /** The fields an interface parameter of the selected field may read. */
  paramFields: Operand[];
  settings: FormSettings;
  /** `merge` names the edited setting: typing in one box is one undo step. */
  onField: (field: FormField, merge: string) => void;
  onSettings: (settings: FormSettings, merge: string) => void;
  /** Edits a part of the selected container (a pane's title). */
  onPart: (uid: string, field: FormField, merge: string) => void;
  /** Sets how many panes, panels or grid rows × columns the selected container has. */
  onResize: (rows: number, cols?: number, drop?: number) => void;
}
