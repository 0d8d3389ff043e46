import type { DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import type { FormField } from '@platform/shared';
import { type Dispatch, type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from 'react';
import { rootDrop } from './Canvas.tsx';
import { canvasOrder, type DesignerAction, type DesignerState, findNode, kindAt, locate } from './state.ts';

export const paletteId = (key: string) => `palette:${key}`;

/** Where a drop lands: the parent list and the index in it, or null when it lands nowhere. */
function dropPlace(state: DesignerState, event: DragEndEvent, keyboard: boolean) {
  const { active, over: target } = event;
  if (!target) return null;
  const overId = String(target.id);
  if (overId.startsWith('drop:')) {
    const parent = overId === rootDrop ? null : overId.slice('drop:'.length);
    const list = parent === null ? state.nodes : (findNode(state.nodes, parent)?.children ?? []);
    return { parent, index: list.length };
  }
  const at = locate(state.nodes, overId);
  if (!at) return null;
  // Below the middle of the field it is over (right of it among sub-table columns): after it.
  const box = active.rect.current.translated;
  const across = at.parent !== null && kindAt(state.nodes, at.parent) === 'table';
  const after =
    !keyboard && box
      ? across
        ? box.left + box.width / 2 > target.rect.left + target.rect.width / 2
        : box.top + box.height / 2 > target.rect.top + target.rect.height / 2
      : false;
  return { parent: at.parent, index: at.index + (after ? 1 : 0) };
}

/**
 * Dragging on the form canvas: a palette entry dropped adds its field where it lands, a field
 * dropped moves there; `over` marks the drop zone under the pointer while dragging.
 */
export function useCanvasDrag(
  state: DesignerState,
  dispatch: Dispatch<DesignerAction>,
  templateOf: (key: string) => FormField | undefined,
) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const onDragStart = (event: DragStartEvent) => setDragging(String(event.active.id));
  const onDragOver = (event: DragOverEvent) => setOver(event.over ? String(event.over.id) : null);
  const onDragCancel = () => {
    setDragging(null);
    setOver(null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    onDragCancel();
    // A keyboard drag lands exactly on another field's place: it takes that place (as arrayMove does).
    const keyboard = event.activatorEvent instanceof KeyboardEvent;
    const place = dropPlace(state, event, keyboard);
    if (!place) return;
    const { parent } = place;
    let { index } = place;
    const activeId = String(event.active.id);
    if (activeId.startsWith('palette:')) {
      const field = templateOf(activeId.slice('palette:'.length));
      if (field) dispatch({ type: 'add', field, parent, index });
      return;
    }
    const from = locate(state.nodes, activeId);
    if (from && from.parent === parent && from.index < index && !keyboard) index -= 1;
    dispatch({ type: 'move', uid: activeId, parent, index });
  };
  return { dragging, over, onDragStart, onDragOver, onDragEnd, onDragCancel };
}

/**
 * The designer's keys: undo and redo (also when nothing has the focus), arrows through the canvas's
 * fields, Delete removes the selected one and the focus follows the selection.
 */
export function useCanvasKeys(state: DesignerState, dispatch: Dispatch<DesignerAction>, dragging: boolean) {
  // After a keyboard delete the focus follows the selection, so the next key still reaches the canvas.
  const focusSelection = useRef(false);
  useEffect(() => {
    if (!focusSelection.current) return;
    focusSelection.current = false;
    if (state.selected) (document.querySelector(`[data-uid="${state.selected}"]`) as HTMLElement | null)?.focus();
  }, [state.selected]);
  // Undo and redo also when nothing has the focus (a removed field had it).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== document.body || !(event.ctrlKey || event.metaKey)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      else if (key === 'y') dispatch({ type: 'redo' });
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch]);

  return (event: ReactKeyboardEvent) => {
    if (dragging) return;
    const target = event.target as HTMLElement;
    const typing = target.closest('input, textarea, [contenteditable="true"], .ant-select');
    const mod = event.ctrlKey || event.metaKey;
    if (mod && !typing && (event.key === 'z' || event.key === 'Z')) {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
    } else if (mod && !typing && (event.key === 'y' || event.key === 'Y')) {
      event.preventDefault();
      dispatch({ type: 'redo' });
    } else if (typing || !target.closest('.vd-canvas')) {
      return;
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const order = canvasOrder(state.nodes);
      const at = order.findIndex((node) => node.uid === state.selected);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        order[at < 0 ? (step > 0 ? 0 : order.length - 1) : Math.max(0, Math.min(order.length - 1, at + step))];
      dispatch({ type: 'selectStep', step });
      if (next) (document.querySelector(`[data-uid="${next.uid}"]`) as HTMLElement | null)?.focus();
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && state.selected) {
      event.preventDefault();
      focusSelection.current = true;
      dispatch({ type: 'remove', uid: state.selected });
    }
  };
}
