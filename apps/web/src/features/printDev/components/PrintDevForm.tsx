import {
  defaultPrintPageParam,
  PRINT_APPROVAL_TOKEN,
  PRINT_PAGE_SIZES,
  type PrintCodeKind,
  type PrintDevInput,
  type PrintDevRow,
  type PrintField,
  type PrintPageParam,
  type PrintPageSizeName,
  printCodeToken,
  readPrintPageParam,
} from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CrudFormProps,
  FormDialog,
  RecordFields,
  type RecordValues,
  recordValues,
  useRecordForm,
} from '../../../shared/components/index.ts';
import type { RichTextHandle } from '../../../shared/components/rich-text/RichTextEditor.tsx';
import { printDevApi } from '../api.ts';
import '../print-dev.css';

/** The shared rich-text editor, loaded when a template is edited. */
const RichTextEditor = lazy(() => import('../../../shared/components/rich-text/RichTextEditor.tsx'));

const editorId = 'print-template-editor';
const marginKeys = ['mt', 'mb', 'ml', 'mr'] as const;

export interface PrintDevValues extends RecordValues {
  category?: string;
  type: 1 | 2;
  formId?: string;
  printTemplate?: string;
  page: PrintPageParam;
}

function toValues(row: PrintDevRow): Partial<PrintDevValues> {
  return {
    ...recordValues(row),
    type: row.type === 1 ? 1 : 2,
    formId: row.formId || undefined,
    printTemplate: row.printTemplate,
    page: readPrintPageParam(row.pageParam),
  };
}

function toInput(
  values: PrintDevValues,
): Omit<PrintDevInput, 'fullName' | 'enCode' | 'sortCode' | 'enabledMark' | 'description'> {
  const page = { ...defaultPrintPageParam, ...values.page };
  const named = page.type === 'custom' ? null : PRINT_PAGE_SIZES[page.type];
  return {
    category: values.category ?? '',
    type: values.type,
    formId: values.formId ?? null,
    printTemplate: values.printTemplate ?? '',
    pageParam: JSON.stringify({ ...page, ...(named ?? {}) }),
  };
}

/**
 * The template editor (1100 px): name, code, category, kind and the generated form it prints; the
 * page (size, orientation, margins); the rich-text template beside the form's fields, a click on a
 * field putting its placeholder at the cursor.
 */
export function PrintDevForm({
  categories,
  ...props
}: CrudFormProps<{ id?: string }> & { categories: { value: string; label: string }[] }) {
  const { t } = useTranslation('printDev');
  const { id, dialog } = useRecordForm<PrintDevValues, PrintDevRow, PrintDevInput, { id?: string }>(props, {
    queryKey: ['printDev', 'info'],
    api: printDevApi,
    toValues,
    toInput,
    initialValues: { type: 2, page: defaultPrintPageParam, printTemplate: '' },
  });
  const forms = useQuery({
    queryKey: ['printDev', 'forms'],
    queryFn: () => printDevApi.forms(),
    enabled: dialog.open,
  });
  return (
    <FormDialog<PrintDevValues> {...dialog} width={1100} title={id ? t('edit') : t('add')}>
      <RecordFields labels={[t('fullName'), t('enCode')]} descriptionRows={2}>
        <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('rules.category') }]}>
          <Select options={categories} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Radio.Group options={([1, 2] as const).map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="formId" label={t('form')} rules={[{ required: true, message: t('rules.form') }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={forms.isLoading}
            options={(forms.data?.list ?? []).map((f) => ({ value: f.id, label: f.fullName }))}
          />
        </Form.Item>
        <PageFields />
        <TemplateFields />
      </RecordFields>
    </FormDialog>
  );
}

/** Size (custom: width and height), orientation and the four margins, in millimetres. */
function PageFields() {
  const { t } = useTranslation('printDev');
  const type = Form.useWatch(['page', 'type']) as PrintPageSizeName | undefined;
  const sizes = [...Object.keys(PRINT_PAGE_SIZES), 'custom'].map((value) => ({
    value,
    label: value === 'custom' ? t('page.custom') : value,
  }));
  const millimetres = { min: 0, max: 2000, precision: 0, addonAfter: 'mm', style: { width: 170 } };
  return (
    <>
      <Form.Item label={t('page.size')} className="print-dev-row">
        <Form.Item name={['page', 'type']} noStyle>
          <Select options={sizes} style={{ width: 120 }} aria-label={t('page.size')} />
        </Form.Item>
        {type === 'custom' ? (
          <>
            <Form.Item name={['page', 'width']} noStyle rules={[{ required: true, message: t('rules.width') }]}>
              <InputNumber {...millimetres} min={10} aria-label={t('page.width')} addonBefore={t('page.width')} />
            </Form.Item>
            <Form.Item name={['page', 'height']} noStyle rules={[{ required: true, message: t('rules.height') }]}>
              <InputNumber {...millimetres} min={10} aria-label={t('page.height')} addonBefore={t('page.height')} />
            </Form.Item>
          </>
        ) : null}
      </Form.Item>
      <Form.Item name={['page', 'direction']} label={t('page.direction')}>
        <Radio.Group options={([1, 2] as const).map((value) => ({ value, label: t(`page.directions.${value}`) }))} />
      </Form.Item>
      <Form.Item label={t('page.margins')} className="print-dev-row">
        {marginKeys.map((key) => (
          <Form.Item key={key} name={['page', key]} noStyle>
            <InputNumber {...millimetres} max={200} aria-label={t(`page.${key}`)} addonBefore={t(`page.${key}`)} />
          </Form.Item>
        ))}
      </Form.Item>
    </>
  );
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A sub-table as a table: a header of its column names and one row of placeholders, repeated per record row. */
export function subTableHtml(table: PrintField): string {
  const columns = table.children ?? [];
  const head = columns.map((c) => `<th>${escapeHtml(c.fullName)}</th>`).join('');
  const row = columns.map((c) => `<td>{${escapeHtml(c.id)}}</td>`).join('');
  return `<table class="print-table"><thead><tr>${head}</tr></thead><tbody><tr>${row}</tr></tbody></table><p></p>`;
}

type InsertKind = 'text' | PrintCodeKind;

/** A field's placeholder as text, or as a barcode or QR code block drawing its value. */
const fieldToken = (kind: InsertKind, id: string) => (kind === 'text' ? `{${id}}` : printCodeToken(kind, id));

/**
 * The template's rich text with the form's fields beside it: a field goes in as its value, a
 * barcode or a QR code (the "insert as" choice); the approval records go in as a block of their own.
 */
function TemplateFields() {
  const { t } = useTranslation('printDev');
  const formId = Form.useWatch('formId') as string | undefined;
  const [kind, setKind] = useState<InsertKind>('text');
  const fields = useQuery({
    queryKey: ['printDev', 'fields', formId],
    queryFn: () => printDevApi.fields(formId as string),
    enabled: Boolean(formId),
  });
  // Puts a field at the cursor in the template editor (at its end when the cursor is elsewhere).
  const editor = useRef<RichTextHandle>(null);
  const insert = (content: string, kind: 'text' | 'html') => editor.current?.insert(content, kind);
  const fieldButton = (field: PrintField, onClick: () => void, title = fieldToken(kind, field.id)) => (
    <Button
      key={field.id}
      size="small"
      type="text"
      className="print-dev-field"
      // Keep the cursor in the editor while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      title={title}
    >
      {field.fullName}
    </Button>
  );
  return (
    <Form.Item label={t('template')}>
      <div className="print-dev-designer">
        <nav className="print-dev-fields" aria-label={t('fields')}>
          <div className="print-dev-fields-title">{t('fields')}</div>
          <Segmented<InsertKind>
            size="small"
            aria-label={t('blocks.insertAs')}
            value={kind}
            onChange={setKind}
            options={(['text', 'barcode', 'qrcode'] as const).map((value) => ({ value, label: t(`blocks.${value}`) }))}
          />
          {!formId ? <p className="print-dev-hint">{t('chooseFormFirst')}</p> : null}
          {(fields.data ?? []).map((field) =>
            field.children ? (
              <div key={field.id} className="print-dev-table-fields">
                {fieldButton(field, () => insert(subTableHtml(field), 'html'))}
                {field.children.map((column) => fieldButton(column, () => insert(fieldToken(kind, column.id), 'text')))}
              </div>
            ) : (
              fieldButton(field, () => insert(fieldToken(kind, field.id), 'text'))
            ),
          )}
          <div className="print-dev-blocks">
            {fieldButton(
              { id: 'approval', parentId: '', fullName: t('blocks.approval') },
              () => insert(`<p>${PRINT_APPROVAL_TOKEN}</p>`, 'html'),
              PRINT_APPROVAL_TOKEN,
            )}
          </div>
        </nav>
        <div className="print-dev-editor">
          <Suspense fallback={null}>
            <Form.Item name="printTemplate" noStyle>
              <RichTextEditor ref={editor} id={editorId} label={t('template')} placeholder={t('editorPlaceholder')} />
            </Form.Item>
          </Suspense>
        </div>
      </div>
    </Form.Item>
  );
}
