import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import { type UIEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { historyPageSize, historyScrollThreshold } from '../chat-rules.ts';
import { type ChatLine, requestHistory } from '../chat-store.ts';
import { ChatContent } from './ChatContent.tsx';

/** shell.md §2.8 history panel: keyword search, 50 a page, the next page within 100 px of the end. */
export function HistoryPanel({ me, other, otherName }: { me: string; other: string; otherName: string }) {
  const { t } = useTranslation('chat');
  const [keyword, setKeyword] = useState('');
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [page, setPage] = useState(0);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (currentPage: number, search: string) => {
      setLoading(true);
      setFailed(false);
      try {
        const result = await requestHistory({
          toUserId: other,
          formUserId: me,
          currentPage,
          pageSize: historyPageSize,
          sord: 'desc',
          keyword: search,
        });
        setLines((old) => (currentPage === 1 ? result.list : [...old, ...result.list]));
        setTotal(result.pagination.total);
        setPage(currentPage);
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [me, other],
  );

  useEffect(() => {
    void load(1, keyword);
  }, [load, keyword]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (
      el.scrollHeight - el.scrollTop - el.clientHeight <= historyScrollThreshold &&
      !loading &&
      lines.length < total
    ) {
      void load(page + 1, keyword);
    }
  };

  return (
    <aside className="chat-history" aria-label={t('history')}>
      <div className="chat-history-title">{t('history')}</div>
      <Input.Search
        size="small"
        allowClear
        placeholder={t('historySearch')}
        aria-label={t('historySearch')}
        onSearch={(value) => setKeyword(value.trim())}
      />
      <div className="chat-history-list" onScroll={onScroll} data-testid="chat-history-list">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: chat lines carry no id on the wire; the list only grows at its ends
          <div key={`${line.sendTime}-${index}`} className="chat-history-item">
            <div className={`chat-history-who ${line.sendUserId === me ? 'mine' : ''}`}>
              {line.sendUserId === me ? t('me') : otherName} <span>{formatDateTime(line.sendTime)}</span>
            </div>
            <ChatContent line={line} />
          </div>
        ))}
        {loading ? (
          <div className="chat-center">
            <Spin size="small" />
          </div>
        ) : failed ? (
          <div className="chat-center">{t('loadFailed')}</div>
        ) : lines.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        ) : null}
      </div>
    </aside>
  );
}
