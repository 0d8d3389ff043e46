import { columnWidth } from '@platform/shared';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { applyColumnSettings } from '../../../../shared/components/index.ts';
import type { RecordRow } from '../../api.ts';
import { cellText, isGroupRow, listKind } from '../../record-list.ts';
import type { RecordModel, RecordPage } from './useRecordPage.ts';

/** The buttons of a row: edit, remove, detail and print as the list and the rights allow, or save / cancel in place. */
function rowActions(page: RecordPage, model: RecordModel, t: TFunction) {
  const rowButtons = new Set(
    (model.list.columnBtnsList ?? [{ value: 'edit' }, { value: 'remove' }, { value: 'detail' }]).map((b) => b.value),
  );
  const { inline, formPrint, hasBtn } = page;
  return (_: unknown, row: RecordRow) =>
    isGroupRow(row) ? null : page.inPlace && inline.editing === row.id ? (
      <Space size={0}>
        <Button type="link" size="small" loading={inline.saving} onClick={inline.save}>
          {t('save')}
        </Button>
        <Button type="link" size="small" onClick={inline.cancel}>
          {t('cancel')}
        </Button>
      </Space>
    ) : (
      <Space size={0}>
        {rowButtons.has('edit') && hasBtn('btn_edit') ? (
          <Button type="link" size="small" onClick={() => page.edit(row.id)}>
            {t('edit')}
          </Button>
        ) : null}
        {rowButtons.has('remove') && hasBtn('btn_remove') ? (
          <Button type="link" size="small" danger onClick={() => page.remove([row.id])}>
            {t('remove')}
          </Button>
        ) : null}
        {rowButtons.has('detail') && hasBtn('btn_detail') ? (
          <Button type="link" size="small" onClick={() => void page.openDetail(row.id)}>
            {t('detail')}
          </Button>
        ) : null}
        {formPrint.ids.length ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [{ key: 'print', label: formPrint.label }],
              onClick: () => page.printer.print(formPrint.ids, [row.id]),
            }}
          >
            <Button type="link" size="small">
              {t('more')}
            </Button>
          </Dropdown>
        ) : null}
      </Space>
    );
}

/**
 * The table's columns: the ones the caller may see in the user's order, visibility and pinned
 * edges (列设置), a group's name in the first, the row's buttons last. `shown` is what the export sends.
 */
export function recordColumns(page: RecordPage, model: RecordModel, t: TFunction) {
  const { inPlace, inline } = page;
  const kind = listKind(model.list);
  const groupField = kind === 'grouped' ? String(model.list.groupField) : '';
  const groupLabel = String(model.fields.get(groupField)?.__config__.label ?? groupField);
  const cellOf = (prop: string) => (_: unknown, row: RecordRow) => {
    if (isGroupRow(row)) return null;
    const editing = inPlace ? inline.cell(prop, row) : null;
    if (editing) return editing;
    return cellText(row, prop, inPlace);
  };
  const [first, ...others] = applyColumnSettings(
    page.listColumns.map((c) => ({
      title: c.label,
      dataIndex: c.prop,
      key: c.prop,
      width: columnWidth(c.width) ?? 150,
      // A row edited in place shows whole widgets and their messages.
      ellipsis: !inPlace,
      render: cellOf(c.prop),
    })),
    page.columnSettings.columns,
  );
  const shown = first
    ? [
        {
          ...first,
          // A group's head row names the group in the first column and nothing else.
          render: (value: unknown, row: RecordRow) =>
            isGroupRow(row)
              ? `${groupLabel}: ${String(row[groupField] ?? '') || t('noGroup')}`
              : cellOf(first.key)(value, row),
        },
        ...others,
      ]
    : [];
  const columns: ColumnsType<RecordRow> = [
    ...shown,
    { title: t('actions'), key: 'actions', width: 160, render: rowActions(page, model, t) },
  ];
  return { shown, columns };
}
