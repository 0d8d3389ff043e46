import {
  type ColumnDefinition,
  type FormDefinition,
  type ListColumn,
  listPermissions,
  TREE_PANEL_TYPE,
  TREE_SOURCES,
} from '@platform/shared';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { InterfaceSelect } from '../../../shared/components/InterfaceSelect.tsx';
import { DictionaryTypeSelect } from '../../dictionary/components/DictionaryTypeSelect.tsx';
import { PrintTemplateSelect, printTemplateIds } from '../../printDev/index.ts';
import {
  candidatesOf,
  type ListCandidate,
  listButtons,
  pageSizes,
  patchColumn,
  patchSearch,
  rowButtons,
  setButton,
  setColumn,
  setSearch,
} from './list-state.ts';

/** What an interface tree reads when its properties are left empty (treePanelOf's defaults). */
const treeDefaults = { treePropsValue: 'id', treePropsLabel: 'fullName', treePropsChildren: 'children' } as const;

export interface ListDesignerProps {
  form: FormDefinition;
  list: ColumnDefinition;
  onChange: (list: ColumnDefinition) => void;
}

function Row({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} colon={false}>
      {children(id)}
    </Form.Item>
  );
}

/**
 * The list designer: which fields the list shows and searches (with width, alignment, fixing and
 * sorting of each column), its buttons, paging and default sort, a plain, tree or grouped list,
 * and the permission entries publishing will offer.
 */
export function ListDesigner({ form, list, onChange }: ListDesignerProps) {
  const { t } = useTranslation('visualdev');
  const candidates = useMemo(() => candidatesOf(form), [form]);
  const columns = new Map((list.columnList ?? []).map((c) => [c.prop, c]));
  const searches = new Map((list.searchList ?? []).map((s) => [s.prop, s]));
  const fieldOptions = candidates.map((c) => ({ value: c.prop, label: `${c.label} (${c.prop})` }));
  const permissions = useMemo(() => listPermissions(form, list), [form, list]);
  const buttonLabel = (value: string) => t(`designer.list.buttons.${value}`);
  const column = (c: ListCandidate) => columns.get(c.prop);
  const set = (patch: Partial<ColumnDefinition>) => onChange({ ...list, ...patch });
  const treeSource = TREE_SOURCES.find((v) => v === list.treeDataSource) ?? 'dictionary';

  return (
    <div className="vd-list-designer" data-testid="list-designer">
      <section className="vd-list-fields" aria-label={t('designer.list.fields')}>
        <Table<ListCandidate>
          size="small"
          rowKey="prop"
          pagination={false}
          dataSource={candidates}
          locale={{ emptyText: t('designer.list.noFields') }}
          columns={[
            { key: 'label', title: t('designer.list.field'), render: (_, c) => `${c.label} (${c.prop})` },
            {
              key: 'shown',
              title: t('designer.list.shown'),
              render: (_, c) => (
                <Checkbox
                  aria-label={t('designer.list.shownOf', { name: c.label })}
                  checked={columns.has(c.prop)}
                  onChange={(e) => onChange(setColumn(list, candidates, c.prop, e.target.checked))}
                />
              ),
            },
            {
              key: 'width',
              title: t('designer.list.width'),
              render: (_, c) => (
                <InputNumber
                  size="small"
                  min={40}
                  max={1000}
                  disabled={!column(c)}
                  aria-label={t('designer.list.widthOf', { name: c.label })}
                  value={typeof column(c)?.width === 'number' ? (column(c)?.width as number) : null}
                  onChange={(width) => onChange(patchColumn(list, c.prop, { width: width ?? null }))}
                />
              ),
            },
            {
              key: 'align',
              title: t('designer.list.align'),
              render: (_, c) => (
                <Select
                  size="small"
                  disabled={!column(c)}
                  aria-label={t('designer.list.alignOf', { name: c.label })}
                  value={column(c)?.align ?? 'left'}
                  onChange={(align) => onChange(patchColumn(list, c.prop, { align }))}
                  options={['left', 'center', 'right'].map((v) => ({
                    value: v,
                    label: t(`designer.list.aligns.${v}`),
                  }))}
                  style={{ width: 90 }}
                />
              ),
            },
            {
              key: 'fixed',
              title: t('designer.list.fixed'),
              render: (_, c) => (
                <Select
                  size="small"
                  disabled={!column(c)}
                  aria-label={t('designer.list.fixedOf', { name: c.label })}
                  value={column(c)?.fixed ?? 'none'}
                  onChange={(fixed) => onChange(patchColumn(list, c.prop, { fixed } as Partial<ListColumn>))}
                  options={['none', 'left', 'right'].map((v) => ({ value: v, label: t(`designer.list.fixes.${v}`) }))}
                  style={{ width: 90 }}
                />
              ),
            },
            {
              key: 'sortable',
              title: t('designer.list.sortable'),
              render: (_, c) => (
                <Switch
                  size="small"
                  disabled={!column(c)}
                  aria-label={t('designer.list.sortableOf', { name: c.label })}
                  checked={!!column(c)?.sortable}
                  onChange={(sortable) => onChange(patchColumn(list, c.prop, { sortable }))}
                />
              ),
            },
            {
              key: 'search',
              title: t('designer.list.search'),
              render: (_, c) => (
                <Checkbox
                  aria-label={t('designer.list.searchOf', { name: c.label })}
                  checked={searches.has(c.prop)}
                  onChange={(e) => onChange(setSearch(list, candidates, c.prop, e.target.checked))}
                />
              ),
            },
            {
              key: 'searchType',
              title: t('designer.list.searchType'),
              render: (_, c) => {
                const search = searches.get(c.prop);
                return (
                  <span className="vd-list-search">
                    <Select
                      size="small"
                      disabled={!search}
                      aria-label={t('designer.list.searchTypeOf', { name: c.label })}
                      value={Number(search?.searchType ?? 2)}
                      onChange={(searchType) => onChange(patchSearch(list, c.prop, { searchType }))}
                      options={[1, 2, 3]
                        .filter((v) => v !== 3 || c.ranged)
                        .map((v) => ({ value: v, label: t(`designer.list.searchTypes.${v}`) }))}
                      style={{ width: 90 }}
                    />
                    {c.choice ? (
                      <Checkbox
                        disabled={!search}
                        checked={!!search?.searchMultiple}
                        onChange={(e) => onChange(patchSearch(list, c.prop, { searchMultiple: e.target.checked }))}
                      >
                        {t('designer.list.multiple')}
                      </Checkbox>
                    ) : null}
                  </span>
                );
              },
            },
          ]}
        />
      </section>
      <Form layout="vertical" size="small" className="vd-props vd-list-settings">
        <Row label={t('designer.list.type')}>
          {(id) => (
            <Radio.Group
              id={id}
              optionType="button"
              value={Number(list.type ?? 1)}
              onChange={(e) => set({ type: e.target.value })}
              options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: t(`designer.list.types.${v}`) }))}
            />
          )}
        </Row>
        {Number(list.type) === 3 ? (
          <Row label={t('designer.list.groupField')}>
            {(id) => (
              <Select
                id={id}
                value={(list.groupField as string | undefined) || undefined}
                onChange={(groupField) => set({ groupField })}
                options={fieldOptions}
              />
            )}
          </Row>
        ) : null}
        {Number(list.type) === 5 ? (
          <Row label={t('designer.list.parentField')}>
            {(id) => (
              <Select
                id={id}
                value={(list.parentField as string | undefined) || undefined}
                onChange={(parentField) => set({ parentField })}
                options={fieldOptions}
              />
            )}
          </Row>
        ) : null}
        {Number(list.type) === TREE_PANEL_TYPE ? (
          <>
            <Row label={t('designer.list.treeTitle')}>
              {(id) => (
                <Input
                  id={id}
                  value={String(list.treeTitle ?? '')}
                  onChange={(e) => set({ treeTitle: e.target.value })}
                />
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
            <Row label={t('designer.list.treeRelation')}>
              {(id) => (
                <Select
                  id={id}
                  value={(list.treeRelation as string | undefined) || undefined}
                  onChange={(treeRelation) => set({ treeRelation })}
                  options={fieldOptions}
                />
              )}
            </Row>
          </>
        ) : null}
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
              options={fieldOptions}
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
        <fieldset className="vd-list-buttons">
          <legend>{t('designer.list.listButtons')}</legend>
          {listButtons.map((value) => (
            <Checkbox
              key={value}
              checked={(list.btnsList ?? []).some((b) => b.value === value)}
              onChange={(e) => onChange(setButton(list, 'btnsList', value, buttonLabel(value), e.target.checked))}
            >
              {buttonLabel(value)}
            </Checkbox>
          ))}
        </fieldset>
        {(list.btnsList ?? []).some((b) => b.value === 'batchPrint') ? (
          <Row label={t('designer.list.printIds')}>
            {(id) => (
              <PrintTemplateSelect
                id={id}
                value={printTemplateIds(list.printIds)}
                onChange={(printIds) => set({ printIds })}
              />
            )}
          </Row>
        ) : null}
        <fieldset className="vd-list-buttons">
          <legend>{t('designer.list.rowButtons')}</legend>
          {rowButtons.map((value) => (
            <Checkbox
              key={value}
              checked={(list.columnBtnsList ?? []).some((b) => b.value === value)}
              onChange={(e) => onChange(setButton(list, 'columnBtnsList', value, buttonLabel(value), e.target.checked))}
            >
              {buttonLabel(value)}
            </Checkbox>
          ))}
        </fieldset>
        <fieldset className="vd-list-buttons">
          <legend>{t('designer.list.permissions')}</legend>
          {(['useBtnPermission', 'useColumnPermission', 'useFormPermission', 'useDataPermission'] as const).map(
            (key) => (
              <Checkbox key={key} checked={!!list[key]} onChange={(e) => set({ [key]: e.target.checked })}>
                {t(`designer.list.use.${key}`)}
              </Checkbox>
            ),
          )}
        </fieldset>
        {(['buttons', 'columns', 'forms'] as const).map((kind) => (
          <div key={kind} className="vd-list-permissions" data-testid={`permissions-${kind}`}>
            <div className="vd-props-title">{t(`designer.list.derived.${kind}`)}</div>
            {permissions[kind].length ? (
              permissions[kind].map((entry) => <Tag key={entry.enCode}>{`${entry.fullName} ${entry.enCode}`}</Tag>)
            ) : (
              <span className="vd-hint">{t('designer.list.none')}</span>
            )}
          </div>
        ))}
      </Form>
    </div>
  );
}
