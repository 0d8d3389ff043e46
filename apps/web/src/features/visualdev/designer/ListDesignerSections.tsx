import type { ColumnDefinition, ListColumn } from '@platform/shared';
import { TREE_PANEL_TYPE, TREE_SOURCES } from '@platform/shared';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../shared/components/InterfaceSelect.tsx';
import { DictionaryTypeSelect } from '../../dictionary/index.ts';
import { PrintTemplateSelect, printTemplateIds } from '../../printDev/index.ts';
import { type ListCandidate, listButtons, pageSizes, rowButtons } from './list-state.ts';
import type { ButtonRow, ListDesignerState } from './useListDesigner.ts';

/** What an interface tree reads when its properties are left empty (treePanelOf's defaults). */
const treeDefaults = { treePropsValue: 'id', treePropsLabel: 'fullName', treePropsChildren: 'children' } as const;

interface SectionProps {
  list: ColumnDefinition;
  state: ListDesignerState;
}

function Row({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} colon={false}>
      {children(id)}
    </Form.Item>
  );
}

/** A row choosing one of the form's fields for `key` (group, parent or tree relation). */
function FieldRow({ list, state, field }: SectionProps & { field: 'groupField' | 'parentField' | 'treeRelation' }) {
  const { t } = useTranslation('visualdev');
  return (
    <Row label={t(`designer.list.${field}`)}>
      {(id) => (
        <Select
          id={id}
          value={(list[field] as string | undefined) || undefined}
          onChange={(value: string) => state.set({ [field]: value })}
          options={state.fieldOptions}
        />
      )}
    </Row>
  );
}

/** A column setting chosen from a few values (alignment, fixing), editable once the field is shown. */
function ColumnChoice({
  state,
  candidate,
  setting,
  values,
}: {
  state: ListDesignerState;
  candidate: ListCandidate;
  setting: 'align' | 'fixed';
  values: readonly string[];
}) {
  const { t } = useTranslation('visualdev');
  const column = state.column(candidate.prop);
  const plural = setting === 'align' ? 'aligns' : 'fixes';
  return (
    <Select
      size="small"
      disabled={!column}
      aria-label={t(`designer.list.${setting}Of`, { name: candidate.label })}
      value={column?.[setting] ?? values[0]}
      onChange={(value: string) => state.patchColumn(candidate.prop, { [setting]: value } as Partial<ListColumn>)}
      options={values.map((v) => ({ value: v, label: t(`designer.list.${plural}.${v}`) }))}
      style={{ width: 90 }}
    />
  );
}

/** How a searched field is searched: exactly, fuzzily or (numbers, dates) as a range; choices perhaps several at once. */
function SearchType({ state, candidate }: { state: ListDesignerState; candidate: ListCandidate }) {
  const { t } = useTranslation('visualdev');
  const search = state.search(candidate.prop);
  return (
    <span className="vd-list-search">
      <Select
        size="small"
        disabled={!search}
        aria-label={t('designer.list.searchTypeOf', { name: candidate.label })}
        value={Number(search?.searchType ?? 2)}
        onChange={(searchType) => state.patchSearch(candidate.prop, { searchType })}
        options={[1, 2, 3]
          .filter((v) => v !== 3 || candidate.ranged)
          .map((v) => ({ value: v, label: t(`designer.list.searchTypes.${v}`) }))}
        style={{ width: 90 }}
      />
      {candidate.choice ? (
        <Checkbox
          disabled={!search}
          checked={!!search?.searchMultiple}
          onChange={(e) => state.patchSearch(candidate.prop, { searchMultiple: e.target.checked })}
        >
          {t('designer.list.multiple')}
        </Checkbox>
      ) : null}
    </span>
  );
}

/** One row per candidate field: shown as a column (width, alignment, fixing, sorting) and searched (how). */
export function ListFieldsTable({ state }: { state: ListDesignerState }) {
  const { t } = useTranslation('visualdev');
  const { column } = state;
  return (
    <section className="vd-list-fields" aria-label={t('designer.list.fields')}>
      <Table<ListCandidate>
        size="small"
        rowKey="prop"
        pagination={false}
        dataSource={state.candidates}
        locale={{ emptyText: t('designer.list.noFields') }}
        columns={[
          { key: 'label', title: t('designer.list.field'), render: (_, c) => `${c.label} (${c.prop})` },
          {
            key: 'shown',
            title: t('designer.list.shown'),
            render: (_, c) => (
              <Checkbox
                aria-label={t('designer.list.shownOf', { name: c.label })}
                checked={!!column(c.prop)}
                onChange={(e) => state.showColumn(c.prop, e.target.checked)}
              />
            ),
          },
          {
            key: 'width',
            title: t('designer.list.width'),
            render: (_, c) => {
              const width = column(c.prop)?.width;
              return (
                <InputNumber
                  size="small"
                  min={40}
                  max={1000}
                  disabled={!column(c.prop)}
                  aria-label={t('designer.list.widthOf', { name: c.label })}
                  value={typeof width === 'number' ? width : null}
                  onChange={(next) => state.patchColumn(c.prop, { width: next ?? null })}
                />
              );
            },
          },
          {
            key: 'align',
            title: t('designer.list.align'),
            render: (_, c) => (
              <ColumnChoice state={state} candidate={c} setting="align" values={['left', 'center', 'right']} />
            ),
          },
          {
            key: 'fixed',
            title: t('designer.list.fixed'),
            render: (_, c) => (
              <ColumnChoice state={state} candidate={c} setting="fixed" values={['none', 'left', 'right']} />
            ),
          },
          {
            key: 'sortable',
            title: t('designer.list.sortable'),
            render: (_, c) => (
              <Switch
                size="small"
                disabled={!column(c.prop)}
                aria-label={t('designer.list.sortableOf', { name: c.label })}
                checked={!!column(c.prop)?.sortable}
                onChange={(sortable) => state.patchColumn(c.prop, { sortable })}
              />
            ),
          },
          {
            key: 'search',
            title: t('designer.list.search'),
            render: (_, c) => (
              <Checkbox
                aria-label={t('designer.list.searchOf', { name: c.label })}
                checked={!!state.search(c.prop)}
                onChange={(e) => state.searchBy(c.prop, e.target.checked)}
              />
            ),
          },
          {
            key: 'searchType',
            title: t('designer.list.searchType'),
            render: (_, c) => <SearchType state={state} candidate={c} />,
          },
        ]}
      />
    </section>
  );
}

/** The tree beside a tree list: its title, where its nodes come from and which field it filters. */
function TreeSettings({ list, state }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const { set, treeSource } = state;
  return (
    <>
      <Row label={t('designer.list.treeTitle')}>
        {(id) => (
          <Input id={id} value={String(list.treeTitle ?? '')} onChange={(e) => set({ treeTitle: e.target.value })} />
        )}
      </Row>
      <Row label={t('designer.list.treeSource')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            value={treeSource}
            // Each source names its value its own way: the choice starts from that source's default.
            onChange={(e) => set({ treeDataSource: e.target.value, treePropsValue: 'id' })}
            options={TREE_SOURCES.map((v) => ({ value: v, label: t(`designer.list.treeSources.${v}`) }))}
          />
        )}
      </Row>
      {treeSource === 'dictionary' ? (
        <>
          <Row label={t('designer.list.treeDictionary')}>
            {(id) => (
              <DictionaryTypeSelect
                id={id}
                value={typeof list.treeDictionary === 'string' ? list.treeDictionary : undefined}
                onChange={(treeDictionary) => set({ treeDictionary: treeDictionary ?? '' })}
              />
            )}
          </Row>
          <Row label={t('designer.list.treeValue')}>
            {(id) => (
              <Select
                id={id}
                value={list.treePropsValue === 'enCode' ? 'enCode' : 'id'}
                onChange={(treePropsValue) => set({ treePropsValue })}
                options={['id', 'enCode'].map((v) => ({ value: v, label: t(`designer.list.treeValues.${v}`) }))}
              />
            )}
          </Row>
        </>
      ) : null}
      {treeSource === 'api' ? (
        <>
          <Row label={t('designer.list.treeInterface')}>
            {(id) => (
              <InterfaceSelect
                id={id}
                value={typeof list.treePropsUrl === 'string' ? list.treePropsUrl : undefined}
                onChange={(treePropsUrl) => set({ treePropsUrl: treePropsUrl ?? '' })}
              />
            )}
          </Row>
          {(['treePropsValue', 'treePropsLabel', 'treePropsChildren'] as const).map((key) => (
            <Row key={key} label={t(`designer.list.${key}`)}>
              {(id) => (
                <Input
                  id={id}
                  value={String(list[key] ?? '')}
                  placeholder={treeDefaults[key]}
                  onChange={(e) => set({ [key]: e.target.value })}
                />
              )}
            </Row>
          ))}
        </>
      ) : null}
      <FieldRow list={list} state={state} field="treeRelation" />
    </>
  );
}

/** 列表类型 and what each type needs: the group field, the parent field, or the tree. */
export function ListKindSettings({ list, state }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const type = Number(list.type ?? 1);
  return (
    <>
      <Row label={t('designer.list.type')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            value={type}
            onChange={(e) => state.set({ type: e.target.value })}
            options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`designer.list.types.${v}`) }))}
          />
        )}
      </Row>
      {type === 3 ? <FieldRow list={list} state={state} field="groupField" /> : null}
      {type === 5 ? <FieldRow list={list} state={state} field="parentField" /> : null}
      {type === TREE_PANEL_TYPE ? <TreeSettings list={list} state={state} /> : null}
    </>
  );
}

/** Paging and the default sort. */
export function PagingSettings({ list, state }: SectionProps) {
  const { t } = useTranslation('visualdev');
  const { set } = state;
  return (
    <>
      <Row label={t('designer.list.hasPage')}>
        {(id) => <Switch id={id} checked={list.hasPage !== false} onChange={(hasPage) => set({ hasPage })} />}
      </Row>
      <Row label={t('designer.list.pageSize')}>
        {(id) => (
          <Select
            id={id}
            disabled={list.hasPage === false}
            value={list.pageSize ?? 20}
            onChange={(pageSize) => set({ pageSize })}
            options={pageSizes.map((v) => ({ value: v, label: String(v) }))}
          />
        )}
      </Row>
      <Row label={t('designer.list.defaultSidx')}>
        {(id) => (
          <Select
            id={id}
            allowClear
            placeholder={t('designer.list.noSort')}
            value={list.defaultSidx || undefined}
            onChange={(defaultSidx) => set({ defaultSidx: defaultSidx ?? '' })}
            options={state.fieldOptions}
          />
        )}
      </Row>
      <Row label={t('designer.list.sort')}>
        {(id) => (
          <Radio.Group
            id={id}
            optionType="button"
            value={list.sort === 'asc' ? 'asc' : 'desc'}
            onChange={(e) => set({ sort: e.target.value })}
            options={['asc', 'desc'].map((v) => ({ value: v, label: t(`designer.list.sorts.${v}`) }))}
          />
        )}
      </Row>
    </>
  );
}

function ButtonChecks({ state, row, values }: { state: ListDesignerState; row: ButtonRow; values: readonly string[] }) {
  const { t } = useTranslation('visualdev');
  return (
    <fieldset className="vd-list-buttons">
      <legend>{t(row === 'btnsList' ? 'designer.list.listButtons' : 'designer.list.rowButtons')}</legend>
      {values.map((value) => (
        <Checkbox
          key={value}
          checked={state.hasButton(row, value)}
          onChange={(e) => state.setButton(row, value, e.target.checked)}
        >
          {state.buttonLabel(value)}
        </Checkbox>
      ))}
    </fieldset>
  );
}

/** The list's and the rows' buttons, the print templates of 批量打印, and which permissions the page checks. */
export function ButtonSettings({ list, state }: SectionProps) {
  const { t } = useTranslation('visualdev');
  return (
    <>
      <ButtonChecks state={state} row="btnsList" values={listButtons} />
      {state.hasButton('btnsList', 'batchPrint') ? (
        <Row label={t('designer.list.printIds')}>
          {(id) => (
            <PrintTemplateSelect
              id={id}
              value={printTemplateIds(list.printIds)}
              onChange={(printIds) => state.set({ printIds })}
            />
          )}
        </Row>
      ) : null}
      <ButtonChecks state={state} row="columnBtnsList" values={rowButtons} />
      <fieldset className="vd-list-buttons">
        <legend>{t('designer.list.permissions')}</legend>
        {(['useBtnPermission', 'useColumnPermission', 'useFormPermission', 'useDataPermission'] as const).map((key) => (
          <Checkbox key={key} checked={!!list[key]} onChange={(e) => state.set({ [key]: e.target.checked })}>
            {t(`designer.list.use.${key}`)}
          </Checkbox>
        ))}
      </fieldset>
    </>
  );
}

/** The permission entries publishing will offer, derived from the form and the list. */
export function DerivedPermissions({ state }: { state: ListDesignerState }) {
  const { t } = useTranslation('visualdev');
  return (['buttons', 'columns', 'forms'] as const).map((kind) => (
    <div key={kind} className="vd-list-permissions" data-testid={`permissions-${kind}`}>
      <div className="vd-props-title">{t(`designer.list.derived.${kind}`)}</div>
      {state.permissions[kind].length ? (
        state.permissions[kind].map((entry) => <Tag key={entry.enCode}>{`${entry.fullName} ${entry.enCode}`}</Tag>)
      ) : (
        <span className="vd-hint">{t('designer.list.none')}</span>
      )}
    </div>
  ));
}
