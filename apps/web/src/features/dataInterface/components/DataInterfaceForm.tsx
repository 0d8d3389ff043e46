import {
  DATA_INTERFACE_DATA_TYPES,
  type DataInterfaceApiRow,
  type DataInterfaceConfig,
  type DataInterfaceFieldMap,
  type DataInterfaceInput,
  type DataInterfaceParameter,
  type DataInterfaceRow,
} from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import type { FormListFieldData } from 'antd/es/form';
import Form from 'antd/es/form';
import Input, { type InputProps } from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CodeEditor,
  type CrudFormProps,
  FormDialog,
  RecordFields,
  type RecordValues,
  recordValues,
  useJsonSyntaxMessage,
  useRecordForm,
} from '../../../shared/components/index.ts';
import { dataInterfaceApi } from '../api.ts';

interface ParameterValues {
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: boolean;
  defaultValue?: string;
}

/** A header, query or form-body row of an HTTP interface (`dataType` is kept as stored). */
type ApiRowValues = Pick<DataInterfaceApiRow, 'field' | 'dataType'> & {
  source?: 1 | 2 | 3 | 4 | 5;
  defaultValue?: string;
};
type BodyType = 0 | 1 | 2 | 3 | 4;

export interface DataInterfaceValues extends RecordValues {
  category?: string;
  type: 1 | 2 | 3;
  hasPage: boolean;
  sql?: string;
  staticData?: string;
  apiMethod?: 1 | 2;
  apiUrl?: string;
  responsePath?: string;
  apiHeaders?: ApiRowValues[];
  apiQuery?: ApiRowValues[];
  apiBodyType?: BodyType;
  /** The body template (JSON, XML). */
  apiBody?: string;
  /** The body's fields (form-data, urlencoded), kept by the server as JSON text in `body`. */
  apiBodyRows?: ApiRowValues[];
  parameters?: ParameterValues[];
  mappings?: { field: string; defaultValue?: string }[];
}

const parse = <T,>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

const apiRowValues = (rows: DataInterfaceApiRow[] | undefined): ApiRowValues[] =>
  (rows ?? []).map((row) => ({
    field: row.field,
    ...(row.dataType ? { dataType: row.dataType } : {}),
    source: row.source ?? 3,
    defaultValue: row.defaultValue === null || row.defaultValue === undefined ? '' : String(row.defaultValue),
  }));
const apiRows = (rows: ApiRowValues[] | undefined): DataInterfaceApiRow[] =>
  (rows ?? [])
    .filter((row) => row.field)
    .map((row) => ({ ...row, source: row.source ?? 3, defaultValue: row.defaultValue ?? '' }));
const formBody = (type: BodyType | undefined) => type === 1 || type === 2;

/** A stored interface as form values: its JSON documents opened into fields. */
function toValues(row: DataInterfaceRow): Partial<DataInterfaceValues> {
  const config = parse<DataInterfaceConfig>(row.dataConfigJson, {});
  const api = config.apiData;
  const bodyType = api?.bodyType ?? 0;
  const parameters = parse<DataInterfaceParameter[]>(row.parameterJson, []);
  const fields = parse<DataInterfaceFieldMap[]>(row.fieldJson, []);
  return {
    ...recordValues(row),
    type: row.type as DataInterfaceValues['type'],
    hasPage: row.hasPage === 1,
    sql: config.sqlData?.sql ?? '',
    staticData: config.staticData ?? '',
    apiMethod: config.apiData?.method ?? 1,
    apiUrl: config.apiData?.url ?? '',
    responsePath: config.apiData?.responsePath ?? '',
    apiHeaders: apiRowValues(api?.header),
    apiQuery: apiRowValues(api?.query),
    apiBodyType: bodyType,
    apiBody: formBody(bodyType) ? '' : (api?.body ?? ''),
    apiBodyRows: formBody(bodyType) ? apiRowValues(parse<DataInterfaceApiRow[]>(api?.body ?? '', [])) : [],
    parameters: parameters.map((p) => ({
      field: p.field,
      fieldName: p.fieldName ?? '',
      dataType: p.dataType ?? 'varchar',
      required: p.required === 1 || p.required === true,
      defaultValue: p.defaultValue === null || p.defaultValue === undefined ? '' : String(p.defaultValue),
    })),
    mappings: fields.map((f) => ({ field: f.field, defaultValue: f.defaultValue ?? '' })),
  };
}

/** The form's fields as the server takes them: each kind's source in dataConfigJson, the lists as JSON text. */
function toInput(
  values: DataInterfaceValues,
): Omit<DataInterfaceInput, 'fullName' | 'enCode' | 'sortCode' | 'enabledMark' | 'description'> {
  const config: DataInterfaceConfig =
    values.type === 1
      ? { sqlData: { dbLinkId: '0', sql: values.sql ?? '' } }
      : values.type === 2
        ? { staticData: values.staticData ?? '' }
        : {
            apiData: {
              method: values.apiMethod ?? 1,
              url: values.apiUrl ?? '',
              header: apiRows(values.apiHeaders),
              query: apiRows(values.apiQuery),
              bodyType: values.apiBodyType ?? 0,
              body: formBody(values.apiBodyType) ? JSON.stringify(apiRows(values.apiBodyRows)) : (values.apiBody ?? ''),
              responsePath: values.responsePath ?? '',
            },
          };
  return {
    category: values.category ?? '',
    type: values.type,
    action: 3,
    hasPage: values.hasPage ? 1 : 0,
    isPostPosition: 0,
    dataConfigJson: JSON.stringify(config),
    parameterJson: JSON.stringify(
      (values.parameters ?? []).map((p, i) => ({
        id: String(i + 1),
        field: p.field,
        fieldName: p.fieldName ?? '',
        dataType: p.dataType ?? 'varchar',
        required: p.required ? 1 : 0,
        defaultValue: p.defaultValue ?? '',
      })),
    ),
    fieldJson: JSON.stringify(
      (values.mappings ?? [])
        .filter((m) => m.field)
        .map((m, i) => ({ id: String(i + 1), field: m.field, defaultValue: m.defaultValue ?? '' })),
    ),
  };
}

const newInterface = {
  type: 1,
  hasPage: false,
  apiMethod: 1,
  apiBodyType: 0,
  apiHeaders: [],
  apiQuery: [],
  apiBodyRows: [],
  parameters: [],
  mappings: [],
} satisfies Partial<DataInterfaceValues>;

/**
 * The interface editor (1000 px): name and code, category, the kind switch and the kind's source
 * (a SQL or JSON code editor with highlighting), the parameters, the field mapping, paging.
 */
export function DataInterfaceForm({
  categories,
  ...props
}: CrudFormProps<{ id?: string }> & { categories: { value: string; label: string }[] }) {
  const { t } = useTranslation('dataInterface');
  const { id, dialog } = useRecordForm<DataInterfaceValues, DataInterfaceRow, DataInterfaceInput, { id?: string }>(
    props,
    {
      queryKey: ['dataInterface', 'info'],
      api: dataInterfaceApi,
      toValues,
      toInput,
      initialValues: newInterface,
    },
  );
  return (
    <FormDialog<DataInterfaceValues> {...dialog} width={1000} title={id ? t('edit') : t('add')}>
      <RecordFields labels={[t('fullName'), t('enCode')]} descriptionRows={2}>
        <Form.Item name="category" label={t('category')} rules={[{ required: true, message: t('rules.category') }]}>
          <Select options={categories} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="type" label={t('type')}>
          <Radio.Group
            optionType="button"
            options={([1, 2, 3] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
          />
        </Form.Item>
        <SourceFields />
        <Form.Item name="hasPage" label={t('hasPage')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <ParameterFields />
        <MappingFields />
      </RecordFields>
    </FormDialog>
  );
}

/**
 * The column of an item holding a code editor: sized by the row, not by its longest line or help
 * text, which would otherwise push it under its label (antd's row wraps a column that does not fit).
 */
const editorColumn = { flex: '1 1 0', style: { minWidth: 0 } };

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 };

/** The source of the chosen kind; the others keep what was typed (`preserve`). */
function SourceFields() {
  const { t } = useTranslation('dataInterface');
  const type = Form.useWatch('type') as DataInterfaceValues['type'] | undefined;
  const jsonSyntax = useJsonSyntaxMessage();
  if (type === 2) {
    return (
      <Form.Item
        preserve
        name="staticData"
        label={t('staticData')}
        wrapperCol={editorColumn}
        extra={t('staticHelp')}
        rules={[
          { required: true, message: t('rules.staticData') },
          {
            validator: async (_rule, value: string) => {
              if (!value) return;
              const syntax = await jsonSyntax(value);
              if (syntax) throw new Error(syntax);
              const data: unknown = JSON.parse(value);
              if (data === null || typeof data !== 'object') throw new Error(t('rules.staticJson'));
            },
          },
        ]}
      >
        <CodeEditor language="json" ariaLabel={t('staticData')} />
      </Form.Item>
    );
  }
  if (type === 3) {
    return (
      <>
        <Form.Item preserve name="apiMethod" label={t('apiMethod')}>
          <Radio.Group
            options={[
              { value: 1, label: 'GET' },
              { value: 2, label: 'POST' },
            ]}
          />
        </Form.Item>
        <Form.Item preserve name="apiUrl" label={t('apiUrl')} rules={[{ required: true, message: t('rules.apiUrl') }]}>
          <Input maxLength={2000} style={mono} />
        </Form.Item>
        <Form.Item preserve name="responsePath" label={t('responsePath')} extra={t('responsePathHelp')}>
          <Input maxLength={200} style={mono} />
        </Form.Item>
        <ApiRowFields name="apiHeaders" label={t('apiHeaders')} />
        <ApiRowFields name="apiQuery" label={t('apiQuery')} />
        <BodyFields />
      </>
    );
  }
  return (
    <Form.Item
      preserve
      name="sql"
      label={t('sql')}
      wrapperCol={editorColumn}
      extra={t('sqlHelp')}
      rules={[{ required: true, message: t('rules.sql') }]}
    >
      <CodeEditor language="sql" ariaLabel={t('sql')} />
    </Form.Item>
  );
}

/**
 * An editable list of rows under one label: each row's inputs, a 删除 per row and an add button.
 * The parameters, the field mapping and an HTTP interface's headers, query and form body use it.
 */
function RowList({
  name,
  label,
  addLabel,
  newRow,
  children,
}: {
  name: string;
  label: string;
  addLabel: string;
  newRow: object;
  children: (field: FormListFieldData) => ReactNode;
}) {
  const { t } = useTranslation('dataInterface');
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                {children(field)}
                <Button type="link" danger onClick={() => remove(field.name)}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add(newRow)}>
              {addLabel}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A text input named for screen readers by its placeholder (the row has no label of its own); Form.Item's value and onChange pass through. */
function RowInput({
  label,
  width = 140,
  ...input
}: { label: string; width?: number; maxLength: number } & Omit<InputProps, 'placeholder' | 'aria-label' | 'style'>) {
  return <Input {...input} placeholder={label} aria-label={label} style={{ width }} />;
}

function ParameterFields() {
  const { t } = useTranslation('dataInterface');
  return (
    <RowList
      name="parameters"
      label={t('parameters')}
      addLabel={t('addParameter')}
      newRow={{ field: '', dataType: 'varchar', required: false }}
    >
      {(field) => (
        <>
          <Form.Item
            name={[field.name, 'field']}
            rules={[
              { required: true, message: t('rules.field') },
              { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('rules.fieldPattern') },
            ]}
          >
            <RowInput label={t('parameterField')} maxLength={50} />
          </Form.Item>
          <Form.Item name={[field.name, 'fieldName']}>
            <RowInput label={t('parameterName')} maxLength={50} />
          </Form.Item>
          <Form.Item name={[field.name, 'dataType']} initialValue="varchar">
            <Select
              aria-label={t('dataType')}
              style={{ width: 120 }}
              options={DATA_INTERFACE_DATA_TYPES.map((value) => ({ value, label: t(`dataTypes.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name={[field.name, 'defaultValue']}>
            <RowInput label={t('defaultValue')} maxLength={2000} />
          </Form.Item>
          <Form.Item name={[field.name, 'required']} valuePropName="checked">
            <Checkbox>{t('required')}</Checkbox>
          </Form.Item>
        </>
      )}
    </RowList>
  );
}

function MappingFields() {
  const { t } = useTranslation('dataInterface');
  return (
    <RowList
      name="mappings"
      label={t('fieldMapping')}
      addLabel={t('addMapping')}
      newRow={{ field: '', defaultValue: '' }}
    >
      {(field) => (
        <>
          <Form.Item name={[field.name, 'field']}>
            <RowInput label={t('sourceField')} maxLength={100} width={180} />
          </Form.Item>
          <Form.Item name={[field.name, 'defaultValue']}>
            <RowInput label={t('mappedField')} maxLength={100} width={180} />
          </Form.Item>
        </>
      )}
    </RowList>
  );
}

/** Headers, query or form-body rows of an HTTP interface: a name, where its value comes from, the value. */
function ApiRowFields({ name, label }: { name: 'apiHeaders' | 'apiQuery' | 'apiBodyRows'; label: string }) {
  const { t } = useTranslation('dataInterface');
  return (
    <RowList name={name} label={label} addLabel={t('addRow')} newRow={{ field: '', source: 3, defaultValue: '' }}>
      {(field) => (
        <>
          <Form.Item name={[field.name, 'field']} rules={[{ required: true, message: t('rules.apiField') }]}>
            <RowInput label={t('apiField')} maxLength={100} />
          </Form.Item>
          <Form.Item name={[field.name, 'source']}>
            <Select
              aria-label={t('apiSource')}
              style={{ width: 110 }}
              options={([1, 2, 3, 4] as const).map((value) => ({ value, label: t(`sources.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name={[field.name, 'defaultValue']}>
            <RowInput label={t('apiValue')} maxLength={2000} width={220} />
          </Form.Item>
        </>
      )}
    </RowList>
  );
}

/** A POST's body: its kind, then the fields (form kinds) or the template (JSON in the code editor, XML). */
function BodyFields() {
  const { t } = useTranslation('dataInterface');
  const method = Form.useWatch('apiMethod') as 1 | 2 | undefined;
  const bodyType = Form.useWatch('apiBodyType') as BodyType | undefined;
  if (method !== 2) return null;
  return (
    <>
      <Form.Item preserve name="apiBodyType" label={t('apiBodyType')}>
        <Radio.Group options={([0, 1, 2, 3, 4] as const).map((value) => ({ value, label: t(`bodyTypes.${value}`) }))} />
      </Form.Item>
      {formBody(bodyType) ? <ApiRowFields name="apiBodyRows" label={t('apiBodyFields')} /> : null}
      {bodyType === 3 || bodyType === 4 ? (
        <Form.Item
          preserve
          name="apiBody"
          label={t('apiBody')}
          wrapperCol={editorColumn}
          extra={t(bodyType === 3 ? 'apiBodyJsonHelp' : 'apiBodyXmlHelp')}
        >
          {bodyType === 3 ? (
            <CodeEditor language="json" ariaLabel={t('apiBody')} rows={6} />
          ) : (
            <Input.TextArea rows={6} maxLength={100_000} style={mono} aria-label={t('apiBody')} />
          )}
        </Form.Item>
      ) : null}
    </>
  );
}
