import type { DictionaryTypeNode } from '@platform/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import TreeSelect from 'antd/es/tree-select';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryApi } from '../api.ts';

const DictionaryPage = lazy(() => import('../pages/DictionaryPage.tsx'));

interface TypeOption {
  value: string;
  title: string;
  children: TypeOption[];
}
const optionsOf = (nodes: readonly DictionaryTypeNode[]): TypeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.fullName, children: optionsOf(node.children) }));

/**
 * Dictionary select (widgets.md §4): a dictionary category, with 添加 opening the dictionary
 * management in a dialog 80 % wide; closing it reloads the categories.
 */
export function DictionaryTypeSelect({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string | undefined;
  onChange?: (typeId: string | undefined) => void;
  id?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('dictionary');
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: ['dictionary', 'types'], queryFn: dictionaryApi.types });
  const [managing, setManaging] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <TreeSelect
        id={id}
        style={{ width: '100%' }}
        value={value || undefined}
        treeData={optionsOf(types.data ?? [])}
        loading={types.isFetching}
        placeholder={placeholder ?? t('typeSelect.placeholder')}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        onChange={(next?: string) => onChange?.(next || undefined)}
      />
      <Button onClick={() => setManaging(true)}>{t('typeSelect.add')}</Button>
      <Modal
        open={managing}
        width="80%"
        title={t('typeSelect.title')}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setManaging(false);
          void queryClient.invalidateQueries({ queryKey: ['dictionary', 'types'] });
        }}
      >
        <Suspense fallback={null}>
          <DictionaryPage />
        </Suspense>
      </Modal>
    </Space.Compact>
  );
}
