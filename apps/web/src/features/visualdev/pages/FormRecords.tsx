import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useTranslation } from 'react-i18next';
import { ImportWizard } from '../../../shared/components/import/index.ts';
import { ColumnSettingsTool, ListPage, ListTable, RefreshButton, TreeSide } from '../../../shared/components/index.ts';
import type { RecordRow } from '../api.ts';
import { isGroupRow, listKind, openGroups } from '../record-list.ts';
import { NEW_ROW } from './inline-edit.tsx';
import { RecordEditor } from './record-page/RecordEditor.tsx';
import { RecordSearch } from './record-page/RecordSearch.tsx';
import { RecordToolbar } from './record-page/RecordToolbar.tsx';
import { recordColumns } from './record-page/record-columns.tsx';
import { type RecordPageOptions, useRecordPage } from './record-page/useRecordPage.ts';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The released list of generated form `modelId` as menu `menuId` opens it (shell.md 2.3): its
 * search form, buttons and row actions by permission, the form as dialog, full screen or drawer
 * (popupType) and the detail viewer of admin.md 2.9. The server applies the same rights again.
 * Held to `options.fixed` values it is a report's drill-through; `options.silent` shows a refusal
 * of the server (暂无权限) here rather than as a toast.
 */
export function FormRecords({
  modelId,
  menuId,
  options,
}: {
  modelId: string;
  menuId: string;
  options?: RecordPageOptions;
}) {
  const { t } = useTranslation('visualdev');
  const page = useRecordPage(modelId, menuId, options);
  const { model, list, panel, tree, inline, inPlace } = page;

  if (!modelId) return <Result status="warning" title={t('notReleased')} />;
  if (page.config.isLoading) return <Spin className="shell-page-loading" />;
  if (options?.silent && page.config.isError) return <Result status="warning" title={messageOf(page.config.error)} />;
  if (!model) return <Result status="warning" title={t('notReleased')} />;

  const { shown, columns } = recordColumns(page, model, t);
  const grouped = listKind(model.list) === 'grouped';
  return (
    <>
      <ListPage
        side={
          panel ? (
            <TreeSide
              title={panel.title || String(model.fields.get(panel.relation)?.__config__.label ?? panel.relation)}
              nodes={tree.nodes}
              loading={tree.loading}
              selected={list.state.fixed.node}
              onSelect={(node) => list.setFixed({ node })}
            />
          ) : undefined
        }
        search={
          model.list.searchList?.length ? (
            <RecordSearch
              modelId={modelId}
              list={model.list}
              fields={model.fields}
              store={page.optionStore}
              onSearch={page.search}
            />
          ) : null
        }
        actions={
          <RecordToolbar page={page} model={model} onExport={() => void page.exportAll(shown.map((c) => c.key))} />
        }
        tools={
          <>
            <RefreshButton onClick={list.refetch} loading={list.loading} />
            <ColumnSettingsTool settings={page.columnSettings} fixable />
          </>
        }
      >
        <ListTable<RecordRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={inPlace ? inline.rowsOf(list.rows) : list.rows}
          loading={list.loading}
          error={list.error}
          onRetry={list.refetch}
          // No select-all box: the table's hidden measuring row copies each column title, and a
          // check box there is a focusable control inside aria-hidden (axe: aria-hidden-focus).
          rowSelection={{
            selectedRowKeys: page.selected,
            hideSelectAll: true,
            checkStrictly: true,
            getCheckboxProps: (row) => ({ disabled: isGroupRow(row) || row.id === NEW_ROW }),
            onChange: (keys) => page.setSelected(keys.map(String)),
          }}
          scroll={{ x: 'max-content' }}
          {...(inPlace ? { onRow: inline.rowProps } : {})}
          {...(grouped
            ? {
                expandable: {
                  expandedRowKeys: openGroups(list.rows, page.closedGroups),
                  onExpand: (open: boolean, row: RecordRow) => page.toggleGroup(open, row.id),
                },
              }
            : {})}
          {...(model.list.hasPage === false
            ? {}
            : {
                paging: {
                  currentPage: list.state.currentPage,
                  pageSize: page.pageSize,
                  total: list.total,
                  onChange: page.setPage,
                },
              })}
        />
      </ListPage>
      <RecordEditor page={page} form={model.form} />
      {page.confirmHolder}
      {page.chooser}
      {page.printer.dialog}
      <ImportWizard open={page.importing} api={page.importApi} onClose={page.closeImport} />
    </>
  );
}
