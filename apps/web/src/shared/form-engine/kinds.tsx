import { FIELD_KINDS, type KindKey } from '@platform/shared';
import type { ComponentType } from 'react';
import { isNone, WEB_KINDS } from './kind-registry.tsx';
import type { FieldKind, KindRegistry, ViewProps } from './widgets/types.ts';

/** The registry's entries by their keys and aliases (the 3.6 designer's `comSelect`, `currDept`, ...). */
const byKeyAndAlias = <T,>(pick: (key: KindKey) => T | undefined): Record<string, T> =>
  Object.fromEntries(
    (Object.keys(WEB_KINDS) as KindKey[]).flatMap((key) => {
      const found = pick(key);
      return found === undefined ? [] : [key, ...FIELD_KINDS[key].aliases].map((name) => [name, found] as const);
    }),
  );

/** The value kinds a form draws with an editor and a viewer (widgets.md §1), read from `WEB_KINDS`. */
export const kinds: KindRegistry = byKeyAndAlias<FieldKind>((key) => {
  const { editor, viewer } = WEB_KINDS[key];
  if (isNone(editor)) return undefined;
  return isNone(viewer) ? { edit: editor } : { edit: editor, view: viewer };
});

/** Display kinds: their viewer draws them the same in the form and the detail. */
export const displayKinds: Record<string, ComponentType<ViewProps>> = byKeyAndAlias((key) => {
  const { editor, viewer } = WEB_KINDS[key];
  return FIELD_KINDS[key].role === 'display' && isNone(editor) && !isNone(viewer) ? viewer : undefined;
});
