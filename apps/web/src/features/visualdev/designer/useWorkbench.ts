import type {
  ColumnDefinition,
  FormDefinition,
  FormField,
  VisualDevInfo,
  VisualDevInput,
  VisualDevMenuInput,
} from '@platform/shared';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJsonSyntaxMessage } from '../../../shared/components/code-editor/CodeEditor.tsx';
import { FormStore } from '../../../shared/form-engine/index.ts';
import { useToast } from '../../../shared/toast.tsx';
import { designApi } from '../api.ts';
import { useKindName } from './Canvas.tsx';
import { useCanvasDrag, useCanvasKeys } from './canvas-input.ts';
import { candidatesOf, listOf, syncList } from './list-state.ts';
import { paletteItem } from './palette.ts';
import {
  accepts,
  type DesignerAction,
  type DesignerState,
  definitionProblem,
  designerReducer,
  findNode,
  fromDefinition,
  innerList,
  locate,
  operandsOf,
  paramFieldsOf,
  toDefinition,
} from './state.ts';

/** Parses a stored formData text: an empty draft is an empty form. */
function definitionOf(info: VisualDevInfo): FormDefinition {
  if (!info.formData)
    return {
      formRef: 'formRef',
      formModel: 'dataForm',
      size: 'small',
      labelPosition: 'right',
      labelWidth: 100,
      gutter: 15,
      popupType: 'general',
      fields: [],
    };
  try {
    const parsed = JSON.parse(info.formData) as FormDefinition;
    return Array.isArray(parsed.fields) ? parsed : { ...parsed, fields: [] };
  } catch {
    return { fields: [] };
  }
}

/** The definition's draft fields on the wire, with the new formData and columnData. */
function inputOf(info: VisualDevInfo, formData: string, columnData: string): VisualDevInput {
  return {
    fullName: info.fullName,
    enCode: info.enCode,
    category: info.category || null,
    type: (info.type === 3 || info.type === 4 ? info.type : 1) as VisualDevInput['type'],
    webType: (info.webType === 1 || info.webType === 4 ? info.webType : 2) as VisualDevInput['webType'],
    enableFlow: info.enableFlow === 1 ? 1 : 0,
    dbLinkId: info.dbLinkId || null,
    sortCode: info.sortCode,
    description: info.description || null,
    tables: info.tables || null,
    formData,
    columnData,
    appColumnData: info.appColumnData || null,
    interfaceId: info.interfaceId || null,
    interfaceName: info.interfaceName || null,
    interfaceParam: info.interfaceParam || null,
  };
}

/** The definition as JSON text to edit by hand (JSON 编辑), checked before it replaces the form. */
function useDefinitionJson(definition: FormDefinition, dispatch: (action: DesignerAction) => void) {
  const { t } = useTranslation('visualdev');
  const jsonSyntax = useJsonSyntaxMessage();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const openJson = () => {
    setText(JSON.stringify(definition, null, 2));
    setProblem(null);
    setOpen(true);
  };
  const apply = async () => {
    // The engine's own parse message is English whatever the language: say it as the editors do.
    const syntax = await jsonSyntax(text);
    if (syntax) {
      setProblem(syntax);
      return;
    }
    const value: unknown = JSON.parse(text);
    const wrong = definitionProblem(value);
    if (wrong) {
      setProblem(t(`designer.${wrong.key}`, wrong.values ?? {}));
      return;
    }
    dispatch({ type: 'load', definition: value as FormDefinition });
    setOpen(false);
  };
  return { open, text, setText, problem, openJson, apply, close: () => setOpen(false) };
}

/**
 * The form designer's state and calls: the designer's reducer (fields, selection, undo), adding
 * from the palette, dragging and keys on the canvas, the list design, the JSON editor, the
 * preview, saving, releasing and publishing to a menu.
 */
export function useWorkbench(info: VisualDevInfo) {
  const { t } = useTranslation('visualdev');
  const toast = useToast();
  const kindName = useKindName();
  const [state, dispatch] = useReducer(
    designerReducer,
    info,
    (loaded): DesignerState => fromDefinition(definitionOf(loaded)),
  );
  const [preview, setPreview] = useState<FormStore | null>(null);
  const [busy, setBusy] = useState(false);
  const [list, setList] = useState<ColumnDefinition>(() =>
    listOf(info.columnData, (value) => t(`designer.list.buttons.${value}`)),
  );
  const [publishing, setPublishing] = useState(false);
  const selected = state.selected ? findNode(state.nodes, state.selected) : undefined;
  // The designer covers the window: the page under it must not scroll with the wheel.
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);
  const templateOf = (key: string): FormField | undefined => paletteItem(key)?.field(kindName(key));
  const drag = useCanvasDrag(state, dispatch, templateOf);
  const onKeyDown = useCanvasKeys(state, dispatch, drag.dragging !== null);

  /** Adds after the selected field (inside a selected row or card), else at the end: the palette's click and Enter. */
  const addByClick = (key: string) => {
    const field = templateOf(key);
    if (!field) return;
    const at = state.selected ? locate(state.nodes, state.selected) : undefined;
    const inner = selected ? innerList(selected) : undefined;
    if (inner && accepts(state.nodes, inner.uid, field)) {
      dispatch({ type: 'add', field, parent: inner.uid, index: inner.children?.length ?? 0 });
    } else if (at && accepts(state.nodes, at.parent, field)) {
      dispatch({ type: 'add', field, parent: at.parent, index: at.index + 1 });
    } else {
      dispatch({ type: 'add', field, parent: null, index: state.nodes.length });
    }
  };

  const definition = useMemo(() => toDefinition(state), [state]);
  const operands = useMemo(() => (selected ? operandsOf(state.nodes, selected.uid) : []), [state.nodes, selected]);
  const paramFields = useMemo(
    () => (selected ? paramFieldsOf(state.nodes, selected.uid) : []),
    [state.nodes, selected],
  );
  const json = useDefinitionJson(definition, dispatch);

  const saveDraft = () =>
    designApi.update(
      info.id,
      inputOf(info, JSON.stringify(definition), JSON.stringify(syncList(list, candidatesOf(definition)))),
    );
  const publish = async (input: VisualDevMenuInput) => {
    await saveDraft();
    const answer = await designApi.releaseMenu(info.id, input);
    toast.success(answer.msg || t('designer.released'));
    setPublishing(false);
  };
  const save = async (release: boolean) => {
    setBusy(true);
    try {
      const answer = await saveDraft();
      if (release) toast.success((await designApi.release(info.id)).msg || t('designer.released'));
      else toast.success(answer.msg || t('designer.saved'));
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const draggingName = drag.dragging
    ? drag.dragging.startsWith('palette:')
      ? kindName(drag.dragging.slice('palette:'.length))
      : String(findNode(state.nodes, drag.dragging)?.field.__config__.label ?? '')
    : '';

  return {
    state,
    dispatch,
    selected,
    definition,
    operands,
    paramFields,
    addByClick,
    drag,
    draggingName,
    onKeyDown,
    list,
    setList,
    json,
    preview,
    openPreview: () => setPreview(new FormStore(definition)),
    closePreview: () => setPreview(null),
    busy,
    save,
    publishing,
    setPublishing,
    publish,
  };
}

export type Workbench = ReturnType<typeof useWorkbench>;
