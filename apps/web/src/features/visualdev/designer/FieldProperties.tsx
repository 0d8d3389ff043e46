import { kindOf } from '@platform/shared';
import Form from 'antd/es/form';
import { Fragment } from 'react';
import { sectionsOf } from './designer-kinds.ts';
import { Expression } from './Expression.tsx';
import type { PropertyPanelProps } from './panel-types.ts';
import { BillRuleSection } from './properties/BillRuleSection.tsx';
import { IdentitySection } from './properties/IdentitySection.tsx';
import { DefaultSection, MaskSection, PlaceholderSection } from './properties/InputSection.tsx';
import { LayoutSection, VisibilitySection } from './properties/LayoutSection.tsx';
import { OptionSourceSection } from './properties/OptionSourceSection.tsx';
import { PopupSection } from './properties/PopupSection.tsx';
import type { SectionProps } from './properties/section.tsx';
import { ValidationSection } from './properties/ValidationSection.tsx';
import type { DesignNode } from './state.ts';

type Props = { node: DesignNode } & Pick<
  PropertyPanelProps,
  'operands' | 'paramFields' | 'onField' | 'onPart' | 'onResize'
>;

/** The selected field's settings: the sections its kind has (`sectionsOf`), in the panel's order. */
export function FieldProperties({ node, operands, paramFields, onField, onPart, onResize }: Props) {
  const field = node.field;
  const config = field.__config__;
  const section: SectionProps = {
    node,
    field,
    kind: kindOf(field),
    set: (patch, merge) => onField({ ...field, ...patch }, `${node.uid}:${merge}`),
    setConfig: (patch, merge) => onField({ ...field, __config__: { ...config, ...patch } }, `${node.uid}:${merge}`),
  };
  const parts = {
    identity: <IdentitySection {...section} />,
    layout: <LayoutSection {...section} onPart={onPart} onResize={onResize} />,
    placeholder: <PlaceholderSection {...section} />,
    default: <DefaultSection {...section} />,
    optionSource: <OptionSourceSection {...section} paramFields={paramFields} />,
    popup: <PopupSection {...section} paramFields={paramFields} />,
    billRule: <BillRuleSection {...section} />,
    calculate: (
      <Expression
        field={field}
        operands={operands}
        onChange={(expression) => section.set({ expression }, 'expression')}
      />
    ),
    mask: <MaskSection {...section} />,
    visibility: <VisibilitySection {...section} />,
    validation: <ValidationSection {...section} />,
  };
  return (
    <Form layout="vertical" size="small" className="vd-props">
      {sectionsOf(field).map((name) => (
        <Fragment key={name}>{parts[name]}</Fragment>
      ))}
    </Form>
  );
}
