import { useQuery } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionaryOptions } from '../../../shared/api/dictionaries.ts';
import { templateApi } from '../api.ts';
import { useFlowLaunch } from '../launch.tsx';
import '../workflow.css';

/** The largest page the server gives: the launchable flows of a user are few. */
const allLaunchable = 500;

/** 发起流程: the flows the user may launch, by category; one flow opens its form, several the chooser. */
export default function FlowAddPage() {
  const { t } = useTranslation('workflow');
  const categories = useDictionaryOptions('WorkFlowCategory', 'id');
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const { launch, chooser } = useFlowLaunch();
  const templates = useQuery({
    queryKey: ['workflow', 'launchable', 'page'],
    queryFn: () => templateApi.launchable({ currentPage: 1, pageSize: allLaunchable }).then((d) => d.list),
  });
  const shown = useMemo(() => {
    const word = keyword.trim().toLowerCase();
    // The rows name their category (as every list shows it); the filter offers the entries by id.
    const chosen = categories.options.find((o) => o.value === category)?.label;
    return (templates.data ?? []).filter(
      (row) => (!word || row.fullName.toLowerCase().includes(word)) && (!category || row.category === chosen),
    );
  }, [templates.data, keyword, category, categories.options]);
  return (
    <div className="wf-detail">
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('chooser.keyword')}
          aria-label={t('chooser.keyword')}
          onSearch={setKeyword}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('category')}
          aria-label={t('category')}
          options={categories.options}
          value={category}
          onChange={setCategory}
          style={{ width: 180 }}
        />
      </Space>
      {templates.isLoading ? (
        <Spin />
      ) : shown.length ? (
        <div className="wf-launch-grid">
          {shown.map((row) => (
            <button key={row.id} type="button" className="wf-launch-card" onClick={() => void launch(row.id)}>
              <strong>{row.fullName}</strong>
              <div className="wf-muted">{row.description || row.enCode}</div>
            </button>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {chooser}
    </div>
  );
}
