import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { fieldKind } from '@platform/shared';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Slider from 'antd/es/slider';
import { useTranslation } from 'react-i18next';
import type { DesignNode } from '../state.ts';
import { Row, type SectionProps } from './section.tsx';

export interface PartsProps {
  /** Edits a part of the selected container (a pane's title). */
  onPart: (uid: string, field: DesignNode['field'], merge: string) => void;
  /** Sets how many panes, panels or grid rows × columns the selected container has. */
  onResize: (rows: number, cols?: number, drop?: number) => void;
}

/** The field's width in the form's 24 columns, and a container's parts. */
export function LayoutSection({ node, field, kind, setConfig, onPart, onResize }: SectionProps & PartsProps) {
  const { t } = useTranslation('visualdev');
  const config = field.__config__;
  return (
    <>
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
      <Parts node={node} kind={kind} onPart={onPart} onResize={onResize} />
    </>
  );
}

/** A tab's panes and a collapse's panels (count and titles), a table layout's rows and columns. */
function Parts({ node, kind, onPart, onResize }: PartsProps & { node: DesignNode; kind: string }) {
  const { t } = useTranslation('visualdev');
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
  if (!fieldKind(kind).parts) return null;
  return (
    <div className="vd-options">
      <div className="vd-props-title">{t(kind === 'tab' ? 'designer.props.panes' : 'designer.props.panels')}</div>
      {parts.map((pane, i) => (
        <div className="vd-option" key={pane.uid}>
          <Input
            aria-label={t('designer.props.paneTitle', { n: i + 1 })}
            value={String(pane.field.title ?? '')}
            onChange={(e) => onPart(pane.uid, { ...pane.field, title: e.target.value }, `${pane.uid}:title`)}
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

/** Where the field shows: on PC, in the app, or both. */
export function VisibilitySection({ field, setConfig }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const config = field.__config__;
  return (
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
  );
}
