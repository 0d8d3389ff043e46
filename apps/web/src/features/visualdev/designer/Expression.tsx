import type { CalcExpressionItem, FormField } from '@platform/shared';
import { isValidExpression } from '@platform/shared';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { Operand } from './panel-types.ts';

const operators = ['+', '-', '×', '÷', '(', ')'];

/** A calculation's expression, built by picking fields and operators; numbers typed. Shows whether it is complete. */
export function Expression({
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
