import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  BorderOutlined,
  DeleteColumnOutlined,
  DeleteRowOutlined,
  FontColorsOutlined,
  InsertRowAboveOutlined,
  InsertRowBelowOutlined,
  InsertRowLeftOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  MergeCellsOutlined,
  RedoOutlined,
  SettingOutlined,
  SplitCellsOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { ReportCellStyle, ReportPageSetup } from '@platform/shared';
import AutoComplete from 'antd/es/auto-complete';
import Button from 'antd/es/button';
import ColorPicker from 'antd/es/color-picker';
import Divider from 'antd/es/divider';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Tooltip from 'antd/es/tooltip';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cellAt,
  deleteColumn,
  deleteRow,
  editCells,
  insertColumn,
  insertRow,
  mergeAt,
  mergeCells,
  setFrozenRows,
  setStyle,
  unmergeCells,
} from './sheet-edits.ts';
import type { Designer } from './use-designer.ts';

/** The number and date formats offered first; any Excel format can be typed. */
export const FORMAT_PRESETS = ['#,##0', '#,##0.00', '0.0%', 'yyyy-mm-dd', 'yyyy-mm-dd hh:mm:ss'];
const FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 24, 28, 36];

function ToolButton({
  title,
  icon,
  onClick,
  active,
  disabled,
}: {
  title: string;
  icon: ReactNode;
  onClick?: () => void;
  active?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        ghost={false}
        icon={icon}
        aria-label={title}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** A colour chosen for the selection (a text or fill colour), or removed. */
function ColorButton({
  title,
  icon,
  value,
  onPick,
}: {
  title: string;
  icon: ReactNode;
  value: string | undefined;
  onPick: (hex: string | undefined) => void;
}) {
  return (
    <ColorPicker
      value={value ?? null}
      allowClear
      onChangeComplete={(color) => onPick(color.cleared ? undefined : color.toHexString().slice(0, 7))}
      onClear={() => onPick(undefined)}
    >
      <Button
        size="small"
        type="text"
        aria-label={title}
        title={title}
        icon={icon}
        style={{ borderBottom: `3px solid ${value ?? 'transparent'}` }}
      />
    </ColorPicker>
  );
}

/** The selection's number or date format: a preset chosen, or any Excel format typed and confirmed with Enter. */
function FormatBox({ value, onApply }: { value: string; onApply: (format: string) => void }) {
  const { t } = useTranslation('report');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <AutoComplete
      size="small"
      style={{ width: 150 }}
      value={text}
      placeholder={t('designer.format')}
      aria-label={t('designer.format')}
      options={FORMAT_PRESETS.map((format) => ({ value: format }))}
      onChange={setText}
      onSelect={(format: string) => onApply(format)}
      onBlur={() => text !== value && onApply(text)}
      onKeyDown={(e) => e.key === 'Enter' && onApply(text)}
    />
  );
}

/** Rows in above or below the selection and out, columns in left or right of it and out. */
function RowColumnButtons({ designer }: { designer: Designer }) {
  const { t } = useTranslation('report');
  const { draft, editLayout, range, selection } = designer;
  const layout = draft.layout;
  return (
    <>
      <ToolButton
        title={t('designer.insertRowAbove')}
        icon={<InsertRowAboveOutlined />}
        onClick={() => editLayout((l) => insertRow(l, range.top))}
      />
      <ToolButton
        title={t('designer.insertRowBelow')}
        icon={<InsertRowBelowOutlined />}
        onClick={() => editLayout((l) => insertRow(l, range.bottom + 1))}
      />
      <ToolButton
        title={t('designer.deleteRow')}
        icon={<DeleteRowOutlined />}
        disabled={(layout.rows?.length ?? 0) <= 1}
        onClick={() => editLayout((l) => deleteRow(l, selection.focus.row))}
      />
      <ToolButton
        title={t('designer.insertColumnLeft')}
        icon={<InsertRowLeftOutlined />}
        onClick={() => editLayout((l) => insertColumn(l, range.left))}
      />
      <ToolButton
        title={t('designer.insertColumnRight')}
        icon={<InsertRowRightOutlined />}
        onClick={() => editLayout((l) => insertColumn(l, range.right + 1))}
      />
      <ToolButton
        title={t('designer.deleteColumn')}
        icon={<DeleteColumnOutlined />}
        onClick={() => editLayout((l) => deleteColumn(l, selection.focus.col))}
      />
    </>
  );
}

/**
 * The designer's toolbar, as Excel's home tab has it: undo and redo, merging, the font, colours,
 * alignment, border and number format of the selection, rows and columns in and out, frozen rows and
 * the page setup. Everything acts on the selected range.
 */
export function DesignerToolbar({ designer, actions }: { designer: Designer; actions: ReactNode }) {
  const { t } = useTranslation('report');
  const { draft, editLayout, range, selection } = designer;
  const { layout } = draft;
  const focused = cellAt(layout, selection.focus.row, selection.focus.col);
  const style = focused?.style ?? {};
  const applyStyle = (next: Partial<ReportCellStyle>) => editLayout((l) => setStyle(l, range, next));
  const single = range.top === range.bottom && range.left === range.right;
  const merged = Boolean(mergeAt(layout, selection.focus.row, selection.focus.col));
  const [pageOpen, setPageOpen] = useState(false);

  return (
    <div className="rd-toolbar" role="toolbar" aria-label={t('designer.toolbar')}>
      <ToolButton
        title={t('designer.undo')}
        icon={<UndoOutlined />}
        onClick={designer.undo}
        disabled={!designer.canUndo}
      />
      <ToolButton
        title={t('designer.redo')}
        icon={<RedoOutlined />}
        onClick={designer.redo}
        disabled={!designer.canRedo}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('designer.merge')}
        icon={<MergeCellsOutlined />}
        disabled={single}
        onClick={() => editLayout((l) => mergeCells(l, range))}
      />
      <ToolButton
        title={t('designer.unmerge')}
        icon={<SplitCellsOutlined />}
        disabled={!merged}
        onClick={() => editLayout((l) => unmergeCells(l, range))}
      />
      <Divider orientation="vertical" />
      <ToolButton
        title={t('designer.bold')}
        icon={<BoldOutlined />}
        active={Boolean(style.bold)}
        onClick={() => applyStyle({ bold: style.bold ? undefined : true })}
      />
      <ToolButton
        title={t('designer.italic')}
        icon={<ItalicOutlined />}
        active={Boolean(style.italic)}
        onClick={() => applyStyle({ italic: style.italic ? undefined : true })}
      />
      <Select
        size="small"
        style={{ width: 72 }}
        aria-label={t('designer.fontSize')}
        placeholder={t('designer.fontSize')}
        allowClear
        value={style.fontSize ?? null}
        options={FONT_SIZES.map((size) => ({ value: size, label: String(size) }))}
        onChange={(size: number | null | undefined) => applyStyle({ fontSize: size ?? undefined })}
      />
      <ColorButton
        title={t('designer.color')}
        icon={<FontColorsOutlined />}
        value={style.color}
        onPick={(color) => applyStyle({ color })}
      />
      <ColorButton
        title={t('designer.background')}
        icon={<BgColorsOutlined />}
        value={style.background}
        onPick={(background) => applyStyle({ background })}
      />
      <Divider orientation="vertical" />
      {(
        [
          ['left', <AlignLeftOutlined key="l" />],
          ['center', <AlignCenterOutlined key="c" />],
          ['right', <AlignRightOutlined key="r" />],
        ] as const
      ).map(([align, icon]) => (
        <ToolButton
          key={align}
          title={t(`designer.align.${align}`)}
          icon={icon}
          active={style.align === align}
          onClick={() => applyStyle({ align: style.align === align ? undefined : align })}
        />
      ))}
      <ToolButton
        title={t('designer.border')}
        icon={<BorderOutlined />}
        active={Boolean(style.border)}
        onClick={() => applyStyle({ border: style.border ? undefined : true })}
      />
      <FormatBox
        value={focused?.format ?? ''}
        onApply={(format) =>
          editLayout((l) => editCells(l, range, (cell) => ({ ...cell, format: format.trim() || undefined })))
        }
      />
      <Divider orientation="vertical" />
      <RowColumnButtons designer={designer} />
      <Divider orientation="vertical" />
      <span className="rd-inline-label">
        {t('designer.frozenRows')}
        <InputNumber
          size="small"
          aria-label={t('designer.frozenRows')}
          min={0}
          max={50}
          style={{ width: 56 }}
          value={layout.frozenRows ?? 0}
          onChange={(value) => editLayout((l) => setFrozenRows(l, value ?? 0))}
        />
      </span>
      <ToolButton title={t('designer.pageSetup')} icon={<SettingOutlined />} onClick={() => setPageOpen(true)} />
      <span className="rd-toolbar-spacer" />
      {actions}
      <PageSetupDialog
        open={pageOpen}
        value={layout.page ?? {}}
        onClose={() => setPageOpen(false)}
        onApply={(page) => {
          editLayout((l) => ({ ...l, page }));
          setPageOpen(false);
        }}
      />
    </div>
  );
}

interface PageValues {
  paper: NonNullable<ReportPageSetup['paper']>;
  orientation: NonNullable<ReportPageSetup['orientation']>;
  top: number;
  right: number;
  bottom: number;
  left: number;
  repeatHeader: boolean;
}

/** Paper, orientation, margins (mm) and whether the header rows repeat on every page, for print and Excel. */
function PageSetupDialog({
  open,
  value,
  onClose,
  onApply,
}: {
  open: boolean;
  value: ReportPageSetup;
  onClose: () => void;
  onApply: (page: ReportPageSetup) => void;
}) {
  const { t } = useTranslation('report');
  const [form] = Form.useForm<PageValues>();
  useEffect(() => {
    if (!open) return;
    const margins = value.margins ?? { top: 10, right: 10, bottom: 10, left: 10 };
    form.setFieldsValue({
      paper: value.paper ?? 'A4',
      orientation: value.orientation ?? 'portrait',
      ...margins,
      repeatHeader: value.repeatHeader ?? true,
    });
  }, [open, value, form]);
  const submit = async () => {
    const v = await form.validateFields();
    onApply({
      paper: v.paper,
      orientation: v.orientation,
      margins: { top: v.top, right: v.right, bottom: v.bottom, left: v.left },
      repeatHeader: v.repeatHeader,
    });
  };
  const margin = (name: 'top' | 'right' | 'bottom' | 'left') => (
    <Form.Item name={name} label={t(`designer.margin.${name}`)} rules={[{ required: true }]}>
      <InputNumber min={0} max={100} />
    </Form.Item>
  );
  return (
    <Modal open={open} title={t('designer.pageSetup')} width={600} onCancel={onClose} onOk={submit} forceRender>
      <Form form={form} name="reportPage" layout="vertical">
        <Form.Item name="paper" label={t('designer.paper')}>
          <Select options={['A4', 'A3', 'A5', 'Letter'].map((p) => ({ value: p, label: p }))} />
        </Form.Item>
        <Form.Item name="orientation" label={t('designer.orientation')}>
          <Radio.Group
            options={[
              { value: 'portrait', label: t('designer.portrait') },
              { value: 'landscape', label: t('designer.landscape') },
            ]}
          />
        </Form.Item>
        <div className="rd-margins">
          {margin('top')}
          {margin('right')}
          {margin('bottom')}
          {margin('left')}
        </div>
        <Form.Item name="repeatHeader" label={t('designer.repeatHeader')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
