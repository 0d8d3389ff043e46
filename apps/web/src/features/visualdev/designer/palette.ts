import type { FormField } from '@platform/shared';
import type { ComponentType } from 'react';
import { isNone, type PaletteGroupKey, WEB_KINDS } from '../../../shared/form-engine/index.ts';
import { paletteIcons } from '../../../shared/form-engine/palette-icons.ts';

/**
 * The widget palette, read from the palette entries of the web kind registry (`WEB_KINDS`): the
 * field kinds of widgets.md §1 in the groups its list follows (inputs and choices, the pickers and
 * special fields, the auto-filled system fields, layout and display). Each item adds the field its
 * entry gives, before it gets its name and formId; its label is the kind's name in the user's language.
 */
export interface PaletteItem {
  key: string;
  icon: ComponentType;
  field: (label: string) => FormField;
}

export interface PaletteGroup {
  key: PaletteGroupKey;
  items: PaletteItem[];
}

const groupOrder: readonly PaletteGroupKey[] = ['basic', 'advanced', 'system', 'layout'];

const entries = Object.values(WEB_KINDS).flatMap((kind) => (isNone(kind.palette) ? [] : kind.palette));

export const palette: PaletteGroup[] = groupOrder.map((group) => ({
  key: group,
  items: entries
    .filter((entry) => entry.group === group)
    .map((entry) => ({ key: entry.key, icon: paletteIcons[entry.icon], field: entry.template })),
}));

export const paletteItem = (key: string): PaletteItem | undefined =>
  palette.flatMap((group) => group.items).find((entry) => entry.key === key);
