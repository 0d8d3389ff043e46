import type { FormField } from '@platform/shared';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useId } from 'react';
import type { DesignNode } from '../state.ts';

/** What every section of the field's properties gets: the field and the two ways to change it. */
export interface SectionProps {
  node: DesignNode;
  field: FormField;
  /** The field's kind (`kindOf`: aliases resolved). */
  kind: string;
  /** Changes the field itself; `merge` names the setting (typing in one box is one undo step). */
  set: (patch: Record<string, unknown>, merge: string) => void;
  /** Changes the field's `__config__`. */
  setConfig: (patch: Record<string, unknown>, merge: string) => void;
}

/** A label bound to its control by id, as an antd Form.Item outside a form store. */
export function Row({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} colon={false}>
      {children(id)}
    </Form.Item>
  );
}

/** A labelled text box of one setting. */
export function TextRow({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <Row label={label}>{(id) => <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} />}</Row>;
}
