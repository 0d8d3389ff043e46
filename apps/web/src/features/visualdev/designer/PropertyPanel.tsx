import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import {
  type CalcExpressionItem,
  defaultMaskConfig,
  type FormField,
  type FormOption,
  type FormRegRule,
  isValidExpression,
  PERMISSION_KEY_MAX,
  permissionKeyProblem,
} from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Slider from 'antd/es/slider';
import Switch from 'antd/es/switch';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../shared/components/InterfaceSelect.tsx';
import { BillRuleTemplatePicker } from '../../billRule/components/BillRuleTemplatePicker.tsx';
import { DictionaryTypeSelect } from '../../dictionary/components/DictionaryTypeSelect.tsx';
import { PrintTemplateSelect, printTemplateIds } from '../../printDev/index.ts';
import { useKindName } from './Canvas.tsx';
import { InterfaceParams } from './InterfaceParams.tsx';
import { optionKinds } from './palette.ts';
import type { DesignNode, FormSettings } from './state.ts';

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

const numberKinds = new Set(['inputNumber', 'rate', 'slider']);
/** Fields whose rows come from a data interface named on the field itself (`interfaceId`). */
const popupKinds = new Set(['popupSelect', 'popupTableSelect', 'autoComplete']);
const noPlaceholder = new Set([
  'radio',
  'checkbox',
  'switch',
  'rate',
  'slider',
  'colorPicker',
  'uploadFile',
  'uploadImg',
  'signature',
  'calculate',
]);

/** A label bound to its control by id, as an antd Form.Item outside a form store. */
function Row({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} colon={false}>
      {children(id)}
    </Form.Item>
  );
}

/** A tab's panes and a collapse's panels (count and titles), a table layout's rows and columns. */
function Parts({ node, onPart, onResize }: Pick<PropertyPanelProps, 'onPart' | 'onResize'> & { node: DesignNode }) {
  const { t } = useTranslation('visualdev');
  const kind = node.field.__config__.jnpfKey;
  const parts = node.children ?? [];
  if (kind === 'tableGrid') {
    const cols = parts[0]?.children?.length ?? 1;
    return (
      <>
        <Row label={t('designer.props.gridRows')}>
          {(id) => (
            <InputNumber id={id} min={1} max={20} value={parts.length} onChange={(n) => n && onResize(n, cols)} />
          )}
        </Row>
        <Row label={t('designer.props.gridCols')}>
          {(id) => (
            <InputNumber id={id} min={1} max={10} value={cols} onChange={(n) => n && onResize(parts.length, n)} />
          )}
        </Row>
      </>
    );
  }
  if (kind !== 'tab' && kind !== 'collapse') return null;
  return (
    <div className="vd-options">
      <div className="vd-props-title">{t(kind === 'tab' ? 'designer.props.panes' : 'designer.props.panels')}</div>
      {parts.map((part, i) => (
        <div className="vd-option" key={part.uid}>
          <Input
            aria-label={t('designer.props.paneTitle', { n: i + 1 })}
            value={String(part.field.title ?? '')}
            onChange={(e) => onPart(part.uid, { ...part.field, title: e.target.value }, `${part.uid}:title`)}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={parts.length <= 1}
            aria-label={t('designer.props.removePane', { n: i + 1 })}
            onClick={() => onResize(parts.length - 1, undefined, i)}
          />
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined />} onClick={() => onResize(parts.length + 1)}>
        {t('designer.props.addPane')}
      </Button>
    </div>
  );
}

function FieldProperties({
  node,
  operands,
  paramFields,
  onField,
  onPart,
  onResize,
}: { node: DesignNode } & Pick<PropertyPanelProps, 'operands' | 'paramFields' | 'onField' | 'onPart' | 'onResize'>) {
  const { t } = useTranslation('visualdev');
  const kindName = useKindName();
  const field = node.field;
  const config = field.__config__;
  const kind = config.jnpfKey;
  const setConfig = (patch: Record<string, unknown>, merge: string) =>
    onField({ ...field, __config__: { ...config, ...patch } }, `${node.uid}:${merge}`);
  const set = (patch: Record<string, unknown>, merge: string) =>
    onField({ ...field, ...patch }, `${node.uid}:${merge}`);
  const isValue = field.__vModel__ !== undefined;
  const options: FormOption[] = Array.isArray(field.options) ? field.options : [];
  const rules: FormRegRule[] = Array.isArray(config.regList) ? config.regList : [];
  const setOptions = (next: FormOption[]) => set({ options: next }, `options:${next.length}`);
  const setRules = (next: FormRegRule[]) => setConfig({ regList: next }, `regList:${next.length}`);
  return (
    <Form layout="vertical" size="small" className="vd-props">
      <div className="vd-props-kind">{kindName(kind)}</div>
      {isValue ? (
        <Row label={t('designer.props.vModel')}>
          {(id) => (
            <Input
              id={id}
              value={field.__vModel__}
              onChange={(e) => onField({ ...field, __vModel__: e.target.value }, `${node.uid}:vModel`)}
            />
          )}
        </Row>
      ) : null}
      {isValue ? (
        <PermissionKey
          value={typeof config.permissionKey === 'string' ? config.permissionKey : ''}
          name={field.__vModel__ ?? ''}
          onChange={(permissionKey) => setConfig({ permissionKey }, 'permissionKey')}
        />
      ) : null}
      <Row label={t('designer.props.label')}>
        {(id) => (
          <Input
            id={id}
            value={config.label ?? ''}
            onChange={(e) =>
              kind === 'card'
                ? onField(
                    { ...field, header: e.target.value, __config__: { ...config, label: e.target.value } },
                    `${node.uid}:label`,
                  )
                : ['groupTitle', 'divider', 'text'].includes(kind)
                  ? onField(
                      { ...field, content: e.target.value, __config__: { ...config, label: e.target.value } },
                      `${node.uid}:label`,
                    )
                  : setConfig({ label: e.target.value }, 'label')
            }
          />
        )}
      </Row>
      <Row label={t('designer.props.span')}>
        {(id) => (
          <Slider
            id={id}
            min={1}
            max={24}
            value={typeof config.span === 'number' ? config.span : 24}
            onChange={(span) => setConfig({ span }, 'span')}
            ariaLabelForHandle={t('designer.props.span')}
          />
        )}
      </Row>
      <Parts node={node} onPart={onPart} onResize={onResize} />
      {isValue && !noPlaceholder.has(kind) ? (
        <Row label={t('designer.props.placeholder')}>
          {(id) => (
            <Input
              id={id}
              value={String(field.placeholder ?? '')}
              onChange={(e) => set({ placeholder: e.target.value }, 'placeholder')}
            />
          )}
        </Row>
      ) : null}
      {isValue ? (
        <Row label={t('designer.props.defaultValue')}>
          {(id) => (
            <DefaultValue
              id={id}
              field={field}
              onChange={(value) => setConfig({ defaultValue: value }, 'defaultValue')}
            />
          )}
        </Row>
      ) : null}
      {optionKinds.has(kind) ? (
        <Row label={t('designer.props.dataType')}>
          {(id) => (
            <Radio.Group
              id={id}
              optionType="button"
              size="small"
              value={config.dataType === 'dictionary' || config.dataType === 'dynamic' ? config.dataType : 'static'}
              options={[
                { value: 'static', label: t('designer.props.dataTypes.static') },
                { value: 'dictionary', label: t('designer.props.dataTypes.dictionary') },
                { value: 'dynamic', label: t('designer.props.dataTypes.dynamic') },
              ]}
              onChange={(e) => setConfig({ dataType: e.target.value }, 'dataType')}
            />
          )}
        </Row>
      ) : null}
      {optionKinds.has(kind) && config.dataType === 'dictionary' ? (
        <Row label={t('designer.props.dictionaryType')}>
          {(id) => (
            <DictionaryTypeSelect
              id={id}
              value={typeof config.dictionaryType === 'string' ? config.dictionaryType : undefined}
              onChange={(dictionaryType) => setConfig({ dictionaryType: dictionaryType ?? '' }, 'dictionaryType')}
            />
          )}
        </Row>
      ) : null}
      {optionKinds.has(kind) && config.dataType === 'dynamic' ? (
        <>
          <Row label={t('designer.props.propsUrl')}>
            {(id) => (
              <InterfaceSelect
                id={id}
                value={typeof config.propsUrl === 'string' ? config.propsUrl : undefined}
                // Another interface has other parameters.
                onChange={(propsUrl) => setConfig({ propsUrl: propsUrl ?? '', templateJson: [] }, 'propsUrl')}
              />
            )}
          </Row>
          <InterfaceParams
            interfaceId={typeof config.propsUrl === 'string' ? config.propsUrl : ''}
            template={Array.isArray(config.templateJson) ? config.templateJson : []}
            fields={paramFields}
            onChange={(templateJson) => setConfig({ templateJson }, 'templateJson')}
          />
          <Row label={t('designer.props.propsValue')}>
            {(id) => (
              <Input
                id={id}
                value={String(field.props?.value ?? 'id')}
                onChange={(e) => set({ props: { ...field.props, value: e.target.value } }, 'propsValue')}
              />
            )}
          </Row>
          <Row label={t('designer.props.propsLabel')}>
            {(id) => (
              <Input
                id={id}
                value={String(field.props?.label ?? 'fullName')}
                onChange={(e) => set({ props: { ...field.props, label: e.target.value } }, 'propsLabel')}
              />
            )}
          </Row>
        </>
      ) : null}
      {optionKinds.has(kind) && config.dataType !== 'dictionary' && config.dataType !== 'dynamic' ? (
        <div className="vd-options">
          <div className="vd-props-title">{t('designer.props.options')}</div>
          {options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, by position
            <div className="vd-option" key={i}>
              <Input
                aria-label={t('designer.props.optionLabel', { n: i + 1 })}
                placeholder={t('designer.props.optionLabelHint')}
                value={option.fullName}
                onChange={(e) =>
                  set(
                    { options: options.map((o, j) => (j === i ? { ...o, fullName: e.target.value } : o)) },
                    `option:${i}:label`,
                  )
                }
              />
              <Input
                aria-label={t('designer.props.optionValue', { n: i + 1 })}
                placeholder={t('designer.props.optionValueHint')}
                value={option.id}
                onChange={(e) =>
                  set(
                    { options: options.map((o, j) => (j === i ? { ...o, id: e.target.value } : o)) },
                    `option:${i}:value`,
                  )
                }
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('designer.props.removeOption', { n: i + 1 })}
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              setOptions([...options, { id: String(options.length + 1), fullName: String(options.length + 1) }])
            }
          >
            {t('designer.props.addOption')}
          </Button>
        </div>
      ) : null}
      {popupKinds.has(kind) ? (
        <>
          <Row label={t('designer.props.propsUrl')}>
            {(id) => (
              <InterfaceSelect
                id={id}
                value={typeof field.interfaceId === 'string' ? field.interfaceId : undefined}
                onChange={(interfaceId) => set({ interfaceId: interfaceId ?? '', templateJson: [] }, 'interfaceId')}
              />
            )}
          </Row>
          <Row label={t('designer.props.propsValue')}>
            {(id) => (
              <Input
                id={id}
                value={String(field.propsValue ?? 'id')}
                onChange={(e) => set({ propsValue: e.target.value }, 'propsValue')}
              />
            )}
          </Row>
          <Row label={t('designer.props.propsLabel')}>
            {(id) => (
              <Input
                id={id}
                value={String(field.relationField ?? 'fullName')}
                onChange={(e) => set({ relationField: e.target.value }, 'relationField')}
              />
            )}
          </Row>
          <InterfaceParams
            interfaceId={typeof field.interfaceId === 'string' ? field.interfaceId : ''}
            template={Array.isArray(field.templateJson) ? field.templateJson : []}
            fields={paramFields}
            onChange={(templateJson) => set({ templateJson }, 'templateJson')}
          />
        </>
      ) : null}
      {kind === 'billRule' ? (
        <Row label={t('designer.props.rule')}>
          {(id) => (
            <BillRuleTemplatePicker
              id={id}
              value={typeof config.rule === 'string' ? config.rule : undefined}
              onChange={(rule) => setConfig({ rule: rule ?? '' }, 'rule')}
            />
          )}
        </Row>
      ) : null}
      {kind === 'calculate' ? (
        <Expression field={field} operands={operands} onChange={(expression) => set({ expression }, 'expression')} />
      ) : null}
      {kind === 'input' ? (
        <>
          <Row label={t('designer.props.useMask')}>
            {(id) => (
              <Switch
                id={id}
                checked={!!field.useMask}
                onChange={(useMask) =>
                  set({ useMask, maskConfig: field.maskConfig ?? { ...defaultMaskConfig } }, 'useMask')
                }
              />
            )}
          </Row>
          {field.useMask ? (
            <Row label={t('designer.props.maskType')}>
              {(id) => (
                <Select
                  id={id}
                  value={Number((field.maskConfig as { maskType?: number } | undefined)?.maskType ?? 1)}
                  onChange={(maskType) =>
                    set({ maskConfig: { ...defaultMaskConfig, ...(field.maskConfig as object), maskType } }, 'maskType')
                  }
                  options={[1, 2, 3, 4, 5, 6, 7, 8].map((v) => ({
                    value: v,
                    label: t(`designer.props.maskTypes.${v}`),
                  }))}
                />
              )}
            </Row>
          ) : null}
        </>
      ) : null}
      {kind !== 'table' || isValue ? (
        <fieldset className="vd-list-buttons">
          <legend>{t('designer.props.visibility')}</legend>
          <Checkbox.Group
            value={Array.isArray(config.visibility) ? config.visibility : ['pc', 'app']}
            onChange={(visibility) => setConfig({ visibility }, 'visibility')}
            options={[
              { value: 'pc', label: 'PC' },
              { value: 'app', label: 'APP' },
            ]}
          />
        </fieldset>
      ) : null}
      {isValue ? (
        <>
          <Row label={t('designer.props.required')}>
            {(id) => (
              <Switch
                id={id}
                checked={!!config.required}
                onChange={(required) => setConfig({ required }, 'required')}
              />
            )}
          </Row>
          <Row label={t('designer.props.disabled')}>
            {(id) => (
              <Switch id={id} checked={!!field.disabled} onChange={(disabled) => set({ disabled }, 'disabled')} />
            )}
          </Row>
          <Row label={t('designer.props.readonly')}>
            {(id) => (
              <Switch id={id} checked={!!field.readonly} onChange={(readonly) => set({ readonly }, 'readonly')} />
            )}
          </Row>
          <div className="vd-rules">
            <div className="vd-props-title">{t('designer.props.regList')}</div>
            {rules.map((rule, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rules are edited in place, by position
              <div className="vd-rule" key={i}>
                <Input
                  aria-label={t('designer.props.pattern', { n: i + 1 })}
                  placeholder={t('designer.props.patternHint')}
                  value={rule.pattern}
                  onChange={(e) =>
                    setConfig(
                      { regList: rules.map((r, j) => (j === i ? { ...r, pattern: e.target.value } : r)) },
                      `rule:${i}:pattern`,
                    )
                  }
                />
                <Input
                  aria-label={t('designer.props.message', { n: i + 1 })}
                  placeholder={t('designer.props.messageHint')}
                  value={rule.message}
                  onChange={(e) =>
                    setConfig(
                      { regList: rules.map((r, j) => (j === i ? { ...r, message: e.target.value } : r)) },
                      `rule:${i}:message`,
                    )
                  }
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('designer.props.removeRule', { n: i + 1 })}
                  onClick={() => setRules(rules.filter((_, j) => j !== i))}
                />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setRules([...rules, { pattern: '', message: '' }])}
            >
              {t('designer.props.addRule')}
            </Button>
          </div>
        </>
      ) : null}
    </Form>
  );
}

/**
 * 权限标识: the code the published menu's column and form permission entries give the field
 * (several fields may share one); blank means the field's name. Shows why a key cannot be published.
 */
function PermissionKey({ value, name, onChange }: { value: string; name: string; onChange: (key: string) => void }) {
  const { t } = useTranslation('visualdev');
  const id = useId();
  const problem = permissionKeyProblem(value.trim());
  return (
    <Form.Item
      label={t('designer.props.permissionKey')}
      htmlFor={id}
      colon={false}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? t(`designer.props.permissionKeyProblem.${problem}`, { max: PERMISSION_KEY_MAX }) : undefined}
      // The hint as extra keeps the item's bottom margin, so the next label does not touch it; a
      // problem replaces it (antd drops that margin under a help line).
      extra={problem ? undefined : t('designer.props.permissionKeyHint')}
    >
      <Input id={id} value={value} placeholder={name} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}

const operators = ['+', '-', '×', '÷', '(', ')'];

/** A calculation's expression, built by picking fields and operators; numbers typed. Shows whether it is complete. */
function Expression({
  field,
  operands,
  onChange,
}: {
  field: FormField;
  operands: Operand[];
  onChange: (expression: CalcExpressionItem[]) => void;
}) {
  const { t } = useTranslation('visualdev');
  const expression: CalcExpressionItem[] = Array.isArray(field.expression)
    ? (field.expression as CalcExpressionItem[])
    : [];
  const labelOf = (item: CalcExpressionItem) =>
    typeof item === 'object'
      ? (operands.find((o) => o.name === item.__vModel__)?.label ?? item.label ?? item.__vModel__)
      : String(item);
  const valid = expression.length > 0 && isValidExpression(expression);
  return (
    <div className="vd-expression" data-testid="calculate-expression">
      <div className="vd-props-title">{t('designer.props.expression')}</div>
      <div className="vd-expression-view" aria-live="polite">
        {expression.length
          ? expression.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the expression is edited at its end, by position
              <Tag key={i} color={typeof item === 'object' ? 'blue' : undefined}>
                {labelOf(item)}
              </Tag>
            ))
          : t('designer.props.expressionEmpty')}
      </div>
      {expression.length ? (
        <div className={valid ? 'vd-hint' : 'vd-expression-bad'}>
          {t(valid ? 'designer.props.expressionValid' : 'designer.props.expressionInvalid')}
        </div>
      ) : null}
      <div className="vd-expression-keys">
        {operands.map((o) => (
          <Button
            key={o.name}
            size="small"
            onClick={() => onChange([...expression, { __vModel__: o.name, label: o.label }])}
          >
            {o.label}
          </Button>
        ))}
      </div>
      <div className="vd-expression-keys">
        {operators.map((op) => (
          <Button
            key={op}
            size="small"
            aria-label={t(`designer.props.operators.${operators.indexOf(op)}`)}
            onClick={() => onChange([...expression, op])}
          >
            {op}
          </Button>
        ))}
        <InputNumber
          size="small"
          aria-label={t('designer.props.expressionNumber')}
          placeholder={t('designer.props.expressionNumber')}
          onPressEnter={(e) => {
            const text = (e.target as HTMLInputElement).value.trim();
            if (text && Number.isFinite(Number(text))) onChange([...expression, text]);
          }}
          style={{ width: 90 }}
        />
        <Button size="small" disabled={!expression.length} onClick={() => onChange(expression.slice(0, -1))}>
          {t('designer.props.expressionBack')}
        </Button>
        <Button size="small" disabled={!expression.length} onClick={() => onChange([])}>
          {t('designer.props.expressionClear')}
        </Button>
      </div>
    </div>
  );
}

function DefaultValue({ id, field, onChange }: { id: string; field: FormField; onChange: (value: unknown) => void }) {
  const { t } = useTranslation('visualdev');
  const kind = field.__config__.jnpfKey;
  const value = field.__config__.defaultValue;
  if (kind === 'switch') {
    const on = field.activeValue ?? 1;
    return (
      <Switch
        id={id}
        checked={value === on}
        onChange={(checked) => onChange(checked ? on : (field.inactiveValue ?? 0))}
      />
    );
  }
  if (numberKinds.has(kind)) {
    return (
      <InputNumber
        id={id}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
        style={{ width: '100%' }}
      />
    );
  }
  if (optionKinds.has(kind)) {
    const options = (Array.isArray(field.options) ? field.options : []).map((o: FormOption) => ({
      value: String(o.id),
      label: o.fullName,
    }));
    const multiple = kind === 'checkbox' || field.multiple === true;
    return (
      <Select
        id={id}
        allowClear
        mode={multiple ? 'multiple' : undefined}
        options={options}
        placeholder={t('designer.props.noDefault')}
        value={multiple ? (Array.isArray(value) ? value : []) : ((value as string | undefined) ?? undefined)}
        onChange={(next) => onChange(next ?? undefined)}
      />
    );
  }
  return (
    <Input
      id={id}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

function FormProperties({
  settings,
  onSettings,
}: {
  settings: FormSettings;
  onSettings: PropertyPanelProps['onSettings'];
}) {
  const { t } = useTranslation('visualdev');
  const set = (patch: Record<string, unknown>, merge: string) => onSettings({ ...settings, ...patch }, `form:${merge}`);
  return (
    <Form layout="vertical" size="small" className="vd-props">
      <Row label={t('designer.form.labelPosition')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            value={settings.labelPosition ?? 'right'}
            onChange={(e) => set({ labelPosition: e.target.value }, 'labelPosition')}
            options={['left', 'right', 'top'].map((value) => ({ value, label: t(`designer.form.position.${value}`) }))}
          />
        )}
      </Row>
      <Row label={t('designer.form.labelWidth')}>
        {(id) => (
          <InputNumber
            id={id}
            min={0}
            max={500}
            value={typeof settings.labelWidth === 'number' ? settings.labelWidth : 100}
            onChange={(labelWidth) => set({ labelWidth: labelWidth ?? 100 }, 'labelWidth')}
            style={{ width: '100%' }}
          />
        )}
      </Row>
      <Row label={t('designer.form.size')}>
        {(id) => (
          <Select
            id={id}
            value={String(settings.size ?? 'small')}
            onChange={(size) => set({ size }, 'size')}
            options={['default', 'medium', 'small', 'mini'].map((value) => ({
              value,
              label: t(`designer.form.sizes.${value}`),
            }))}
          />
        )}
      </Row>
      <Row label={t('designer.form.popupType')}>
        {(id) => (
          <Select
            id={id}
            value={String(settings.popupType ?? 'general')}
            onChange={(popupType) => set({ popupType }, 'popupType')}
            options={['general', 'fullScreen', 'drawer'].map((value) => ({
              value,
              label: t(`designer.form.popupTypes.${value}`),
            }))}
          />
        )}
      </Row>
      {(['hasConfirmBtn', 'hasCancelBtn', 'hasPrintBtn'] as const).map((key) => (
        <Row key={key} label={t(`designer.form.${key}`)}>
          {(id) => (
            <Switch
              id={id}
              checked={key === 'hasPrintBtn' ? !!settings[key] : settings[key] !== false}
              onChange={(on) => set({ [key]: on }, key)}
            />
          )}
        </Row>
      ))}
      {settings.hasPrintBtn ? (
        <>
          <Row label={t('designer.form.printButtonText')}>
            {(id) => (
              <Input
                id={id}
                value={String(settings.printButtonText ?? '')}
                onChange={(e) => set({ printButtonText: e.target.value }, 'printButtonText')}
              />
            )}
          </Row>
          <Row label={t('designer.form.printId')}>
            {(id) => (
              <PrintTemplateSelect
                id={id}
                value={printTemplateIds(settings.printId)}
                onChange={(printId) => set({ printId }, 'printId')}
              />
            )}
          </Row>
        </>
      ) : null}
      <Row label={t('designer.form.gutter')}>
        {(id) => (
          <InputNumber
            id={id}
            min={0}
            max={100}
            value={typeof settings.gutter === 'number' ? settings.gutter : 15}
            onChange={(gutter) => set({ gutter: gutter ?? 15 }, 'gutter')}
            style={{ width: '100%' }}
          />
        )}
      </Row>
    </Form>
  );
}

/** The right pane: the selected field's settings, and the form's own. */
export function PropertyPanel(props: PropertyPanelProps) {
  const { t } = useTranslation('visualdev');
  return (
    <Tabs
      className="vd-panel-tabs"
      defaultActiveKey="field"
      items={[
        {
          key: 'field',
          label: t('designer.fieldSettings'),
          children: props.node ? (
            <FieldProperties
              key={props.node.uid}
              node={props.node}
              operands={props.operands}
              paramFields={props.paramFields}
              onField={props.onField}
              onPart={props.onPart}
              onResize={props.onResize}
            />
          ) : (
            <Empty description={t('designer.nothingSelected')} />
          ),
        },
        {
          key: 'form',
          label: t('designer.formSettings'),
          children: <FormProperties settings={props.settings} onSettings={props.onSettings} />,
        },
      ]}
    />
  );
}
