import {
  DATA_INTERFACE_DATA_TYPES,
  type DataInterfaceConfig,
  type DataInterfaceFieldMap,
  type DataInterfaceInput,
  type DataInterfaceParameter,
  type DataInterfaceRow,
} from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
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

export interface DataInterfaceValues extends RecordValues {
  category?: string;
  type: 1 | 2 | 3;
  hasPage: boolean;
  sql?: string;
  staticData?: string;
  apiMethod?: 1 | 2;
  apiUrl?: string;
  responsePath?: string;
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

/** A stored interface as form values: its JSON documents opened into fields. */
function toValues(row: DataInterfaceRow): Partial<DataInterfaceValues> {
  const config = parse<DataInterfaceConfig>(row.dataConfigJson, {});
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
              header: [],
              query: [],
              bodyType: 0,
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
      </>
    );
  }
  return (
    <Form.Item
      preserve
      name="sql"
      label={t('sql')}
      extra={t('sqlHelp')}
      rules={[{ required: true, message: t('rules.sql') }]}
    >
      <CodeEditor language="sql" ariaLabel={t('sql')} />
    </Form.Item>
  );
}

function ParameterFields() {
  const { t } = useTranslation('dataInterface');
  return (
    <Form.Item label={t('parameters')}>
      <Form.List name="parameters">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'field']}
                  rules={[
                    { required: true, message: t('rules.field') },
                    { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: t('rules.fieldPattern') },
                  ]}
                >
                  <Input
                    placeholder={t('parameterField')}
                    aria-label={t('parameterField')}
                    maxLength={50}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'fieldName']}>
                  <Input
                    placeholder={t('parameterName')}
                    aria-label={t('parameterName')}
                    maxLength={50}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'dataType']} initialValue="varchar">
                  <Select
                    aria-label={t('dataType')}
                    style={{ width: 120 }}
                    options={DATA_INTERFACE_DATA_TYPES.map((value) => ({ value, label: t(`dataTypes.${value}`) }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'defaultValue']}>
                  <Input
                    placeholder={t('defaultValue')}
                    aria-label={t('defaultValue')}
                    maxLength={2000}
                    style={{ width: 140 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'required']} valuePropName="checked">
                  <Checkbox>{t('required')}</Checkbox>
                </Form.Item>
                <Button type="link" danger onClick={() => remove(field.name)}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ field: '', dataType: 'varchar', required: false })}>
              {t('addParameter')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

function MappingFields() {
  const { t } = useTranslation('dataInterface');
  return (
    <Form.Item label={t('fieldMapping')}>
      <Form.List name="mappings">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'field']}>
                  <Input
                    placeholder={t('sourceField')}
                    aria-label={t('sourceField')}
                    maxLength={100}
                    style={{ width: 180 }}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'defaultValue']}>
                  <Input
                    placeholder={t('mappedField')}
                    aria-label={t('mappedField')}
                    maxLength={100}
                    style={{ width: 180 }}
                  />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(field.name)}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add({ field: '', defaultValue: '' })}>
              {t('addMapping')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
