import type { BillRuleSelectorRow } from '@platform/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tree from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { billRuleApi } from '../api.ts';
import { BillRuleForm } from './BillRuleForm.tsx';
import './bill-rule-picker.css';

const allCategories = '';

/**
 * Business-rule template dialog (widgets.md §4): 1000 px; the business categories on the left, the
 * enabled rules of the chosen category on the right (业务名称, 业务编码), searched by keyword, 20 a
 * page; 新建 opens the rule form. The value is the rule's enCode, as the billRule field stores it.
 */
export function BillRuleTemplatePicker({
  value,
  onChange,
  id,
}: {
  value?: string | undefined;
  onChange?: (enCode: string | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('billRule');
  const categories = useDictionaryOptions('businessType', 'id');
  const [open, setOpen] = useState(false);
  const [categoryId, setCategoryId] = useState(allCategories);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [currentPage, setCurrentPage] = useState(1);
  const [chosen, setChosen] = useState<string>();
  const [adding, setAdding] = useState<{ id?: string } | null>(null);
  const rows = useQuery({
    queryKey: ['billRule', 'selector', categoryId, keyword, currentPage],
    queryFn: () => billRuleApi.selector({ keyword, currentPage, ...(categoryId ? { categoryId } : {}) }),
    enabled: open,
  });
  // The stored code's name: the rule found by its code.
  const named = useQuery({
    queryKey: ['billRule', 'selector', 'name', value],
    queryFn: () => billRuleApi.selector({ keyword: value ?? '', currentPage: 1 }),
    enabled: !!value,
    staleTime: 60_000,
  });
  const name = named.data?.list.find((row) => row.enCode === value)?.fullName;
  const search = (word: string) => {
    setKeyword(word);
    setCurrentPage(1);
  };
  return (
    <>
      <Input
        id={id}
        readOnly
        value={value ? (name ?? value) : ''}
        placeholder={t('picker.placeholder')}
        onClick={() => {
          setChosen(value);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          setChosen(value);
          setOpen(true);
        }}
        allowClear
        onChange={(event) => {
          if (!event.target.value) onChange?.(undefined);
        }}
      />
      <Modal
        open={open}
        width={1000}
        title={t('picker.title')}
        okText={t('picker.ok')}
        cancelText={t('picker.cancel')}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() => {
          if (!chosen) return;
          setOpen(false);
          onChange?.(chosen);
        }}
      >
        <div className="bill-rule-picker">
          <nav className="bill-rule-picker-side" aria-label={t('category')}>
            <Tree
              blockNode
              selectedKeys={[categoryId]}
              treeData={[
                { key: allCategories, title: t('allCategories') },
                ...categories.options.map((option) => ({ key: option.value, title: option.label })),
              ]}
              onSelect={(keys) => {
                setCategoryId(String(keys[0] ?? allCategories));
                setCurrentPage(1);
              }}
            />
          </nav>
          <div className="bill-rule-picker-main">
            <div className="bill-rule-picker-bar">
              <Input
                size="small"
                aria-label={t('picker.keyword')}
                placeholder={t('picker.keyword')}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                onPressEnter={() => search(typed.trim())}
              />
              <Button size="small" type="primary" onClick={() => search(typed.trim())}>
                {t('picker.search')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setTyped('');
                  search('');
                }}
              >
                {t('picker.reset')}
              </Button>
              <Button size="small" onClick={() => setAdding({})}>
                {t('addRule')}
              </Button>
            </div>
            <Table<BillRuleSelectorRow>
              size="small"
              rowKey="enCode"
              loading={rows.isFetching}
              dataSource={rows.data?.list ?? []}
              columns={[
                { key: 'fullName', dataIndex: 'fullName', title: t('fullName') },
                { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
              ]}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: chosen ? [chosen] : [],
                onChange: (keys) => setChosen(keys.length ? String(keys[0]) : undefined),
              }}
              onRow={(row) => ({ onClick: () => setChosen(row.enCode) })}
              scroll={{ y: 360 }}
              pagination={{
                current: currentPage,
                pageSize: 20,
                total: rows.data?.pagination.total ?? 0,
                showSizeChanger: false,
                onChange: setCurrentPage,
              }}
            />
          </div>
        </div>
      </Modal>
      <BillRuleForm
        target={adding}
        onClose={() => setAdding(null)}
        onSaved={() => void rows.refetch()}
        categories={categories.options}
      />
    </>
  );
}
