import type { FormDefinition } from '@platform/shared';
import type { AreaModel, FieldModel } from './area-model.ts';

/**
 * The browser side of a generated area (`apps/web/src/features/<module>`): its calls, the released
 * form the engine renders, the list page and the three locale files. The page registry and the
 * locale loader find a feature's `pages.ts` and `locales/` themselves, so nothing else is wired.
 */

/** `values.name`, or `values['odd-name']` when the name is not an identifier. */
const read = (object: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${object}.${name}` : `${object}[${JSON.stringify(name)}]`;
/** A property key as written in an object literal. */
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

const entered = (fields: readonly FieldModel[]) => fields.filter((f) => f.auto === null);

export function renderWebApi(model: AreaModel): string {
  const c = model.className;
  return `import type { ${c}Info, ${c}Input, ${c}Query, ${c}Row } from '@platform/shared';
import { crudApi } from '../../shared/api/crud-api.ts';

/** ${model.description}: the list kit's calls on \`${model.base}\`. */
export const ${model.variable}Api = crudApi<${c}Row, ${c}Input, ${c}Query, ${c}Info>('${model.base}');
`;
}

/**
 * The released form as data, and the two conversions between the form's field names (which its
 * formulas and events refer to) and the wire's properties.
 */
export function renderWebDefinition(model: AreaModel, form: FormDefinition): string {
  const c = model.className;
  const toInput = [
    ...entered(model.fields).map(
      (f) => `    ${f.property}: (${read('values', f.source)} ?? null) as ${c}Input['${f.property}'],`,
    ),
    ...model.children.map(
      (child) => `    ${child.property}: rows(${read('values', child.source)}).map((row) => ({
${entered(child.fields)
  .map(
    (f) =>
      `      ${f.property}: (${read('row', f.source)} ?? null) as ${c}Input['${child.property}'][number]['${f.property}'],`,
  )
  .join('\n')}
    })),`,
    ),
  ];
  const fromInfo = [
    ...model.fields.map((f) => `    ${key(f.source)}: info.${f.property},`),
    ...model.children.map(
      (child) => `    ${key(child.source)}: info.${child.property}.map((row) => ({
${child.fields.map((f) => `      ${key(f.source)}: row.${f.property},`).join('\n')}
    })),`,
    ),
  ];
  const usesRows = model.children.length > 0;
  return `import type { ${c}Info, ${c}Input, FormDefinition, FormValues } from '@platform/shared';

/** The form 「${model.label}」 as it was released: what the designer saved, read by the form engine. */
const released: unknown = ${JSON.stringify(form, null, 2)};
export const definition = released as FormDefinition;
${
  usesRows
    ? `
/** A sub-table's rows as the form holds them. */
const rows = (value: unknown): FormValues[] => (Array.isArray(value) ? (value as FormValues[]) : []);
`
    : ''
}
/** The form's values as the server takes them (the fields it fills itself left out). */
export function toInput(values: FormValues): ${c}Input {
  return {
${toInput.join('\n')}
  };
}

/** A stored record as the form's values. */
export function fromInfo(info: ${c}Info): FormValues {
  return {
${fromInfo.join('\n')}
  };
}
`;
}

export function renderWebPage(model: AreaModel): string {
  const c = model.className;
  const v = model.variable;
  const listed = model.fields.filter((f) => f.listed);
  const written = model.options.formStyle === 'written';
  const engineImport = written
    ? `import { FieldValue, FormStore, valueFields } from '../../../shared/form-engine/index.ts';
import { ${c}Form } from '../components/${c}Form.tsx';`
    : `import { FieldValue, FormRenderer, FormStore, valueFields } from '../../../shared/form-engine/index.ts';`;
  const form = written ? `<${c}Form store={editing.store} />` : `<FormRenderer store={editing.store} mode="edit" />`;
  return `import type { ${c}Row, FormField } from '@platform/shared';
import Modal from 'antd/es/modal';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, CrudPage, useCrudQuery } from '../../../shared/components/index.ts';
${engineImport}
import { ${v}Api } from '../api.ts';
import { definition, fromInfo, toInput } from '../definition.ts';

const initialSearch: { keyword: string } = { keyword: '' };
const fieldsByName = new Map(valueFields(definition.fields).map((field): [string, FormField] => [field.__vModel__ ?? '', field]));
/** The list's one store of the definition: a cell's view reads options and names through it. */
const listStore = new FormStore(definition, {});

/** A list cell as the form shows the value read-only: option names, picked people's names, dates. */
const cell = (source: string) => (value: unknown) => {
  const field = fieldsByName.get(source);
  return field ? <FieldValue field={field} value={value} store={listStore} /> : String(value ?? '');
};

/** ${model.description}: the records in a list, each added and edited in the released form. */
export default function ${c}Page() {
  const { t } = useTranslation('${model.module}');
  const [editing, setEditing] = useState<{ id: string | null; store: FormStore } | null>(null);
  const [saving, setSaving] = useState(false);
  const crud = useCrudQuery<${c}Row, typeof initialSearch>({
    queryKey: ['${model.module}', '${v}'],
    fetch: (params, signal) => ${v}Api.list(params, signal),
    initialSearch,
  });
  const open = async (id: string | null) => {
    const values = id ? fromInfo(await ${v}Api.info(id)) : {};
    setEditing({ id, store: new FormStore(definition, values) });
  };
  const save = async () => {
    if (!editing?.store.validate()) return;
    setSaving(true);
    try {
      const input = toInput(editing.store.getValues());
      await (editing.id ? ${v}Api.update(editing.id, input) : ${v}Api.create(input));
      setEditing(null);
      crud.list.refetch();
    } catch {
      // the server's message was shown
    } finally {
      setSaving(false);
    }
  };
  const columns: ColumnsType<${c}Row> = [
${listed
  .map(
    (f) =>
      `    { title: t('fields.${f.property}'), dataIndex: '${f.property}', key: '${f.property}', render: cell(${JSON.stringify(f.source)}) },`,
  )
  .join('\n')}
    crud.columns.creatorTime,
    crud.columns.actions({
      width: 150,
      actions: (row) => [
        { key: 'edit', label: t('edit'), button: 'btn_edit', onClick: () => void open(row.id) },
        crud.remove(() => ${v}Api.remove(row.id)),
      ],
    }),
  ];
  return (
    <CrudPage crud={crud} columns={columns} actions={<AddButton onClick={() => void open(null)} />}>
      <Modal
        open={editing !== null}
        title={editing?.id ? t('edit') : t('add')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving}
        width={String(definition.generalWidth ?? '600px')}
        destroyOnHidden
      >
        {editing && ${form}}
      </Modal>
    </CrudPage>
  );
}
`;
}

export function renderWebPages(model: AreaModel): string {
  return `import type { PageModules } from '../../shared/shell/page-modules.ts';

export default {
  '${model.module}/${model.variable}': () => import('./pages/${model.className}Page.tsx'),
} satisfies PageModules;
`;
}

const words = {
  'zh-CN': { add: '新建', edit: '编辑' },
  'zh-TW': { add: '新建', edit: '編輯' },
  en: { add: 'Add', edit: 'Edit' },
} as const;

/** A locale file: the page's words, and the field labels as the designer wrote them (translate them here). */
export function renderWebLocale(model: AreaModel, language: keyof typeof words, sections: readonly string[]): string {
  const quote = (text: string) => JSON.stringify(text).slice(1, -1).replace(/'/g, "\\'");
  const labels = [...model.fields, ...model.children].map((f) => `    ${f.property}: '${quote(f.label)}',`);
  const sectionLines = sections.length
    ? `
  sections: {
${sections.map((title, i) => `    s${i + 1}: '${quote(title)}',`).join('\n')}
  },`
    : '';
  return `export default {
  title: '${quote(model.description)}',
  add: '${words[language].add}',
  edit: '${words[language].edit}',
  fields: {
${labels.join('\n')}
  },${sectionLines}
} as const;
`;
}
