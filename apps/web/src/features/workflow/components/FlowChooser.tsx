import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** widgets.md "Flow chooser": 400 px. */
const chooserWidth = 400;

/** The flow chooser (widgets.md): "please select flow", a keyword filter, the flows, an empty state. */
export function FlowChooser({
  flows,
  onCancel,
  onChoose,
}: {
  flows: readonly { id: string; fullName: string }[] | null;
  onCancel: () => void;
  onChoose: (flowId: string) => void;
}) {
  const { t } = useTranslation('workflow');
  const [keyword, setKeyword] = useState('');
  const word = keyword.trim().toLowerCase();
  const shown = (flows ?? []).filter((f) => !word || f.fullName.toLowerCase().includes(word));
  return (
    <Modal
      open={!!flows}
      width={chooserWidth}
      title={t('chooser.title')}
      footer={null}
      onCancel={() => {
        setKeyword('');
        onCancel();
      }}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('chooser.keyword')}
        aria-label={t('chooser.keyword')}
      />
      <div className="wf-flow-list">
        {shown.length ? (
          <List
            dataSource={shown}
            renderItem={(flow) => (
              <List.Item>
                <button
                  type="button"
                  className="wf-launch-card"
                  style={{ width: '100%' }}
                  onClick={() => onChoose(flow.id)}
                >
                  {flow.fullName}
                </button>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chooser.empty')} />
        )}
      </div>
    </Modal>
  );
}
